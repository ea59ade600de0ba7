import { z } from 'zod';

/** Notification messages (spec 1 §3, §7). The spec shows no message fields; these are ours. */

export const NOTIFY_PAGE_SIZE = 10;

/** Categories with their zh-TW labels, as GET /v1/notify/message/constants returns them. */
export const notifyCategories = [
  { value: 'system', label: '系統公告' },
  { value: 'account', label: '帳號' },
  { value: 'task', label: '任務' },
  { value: 'training', label: '直播課' },
  { value: 'course', label: '課程' },
] as const;
export const notifyCategory = z.enum(['system', 'account', 'task', 'training', 'course']);
export type NotifyCategory = z.infer<typeof notifyCategory>;

export const notifyMessage = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  category: notifyCategory,
  link: z.string().nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotifyMessage = z.infer<typeof notifyMessage>;

/** GET /v1/notify/message/list?page=&is_read=0|1 — newest first. */
export const notifyListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  is_read: z.enum(['0', '1']).optional(),
});
export const notifyListResponse = z.object({
  list: z.array(notifyMessage),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type NotifyListResponse = z.infer<typeof notifyListResponse>;

export const notifyConstantsResponse = z.object({
  categories: z.array(z.object({ value: notifyCategory, label: z.string() })),
});
export type NotifyConstants = z.infer<typeof notifyConstantsResponse>;

/**
 * A portal path or an https address; nothing a click could run. No backslash anywhere: browsers read it
 * as a slash, so "/\evil.example" would leave the portal.
 */
export const notifyLink = z
  .string()
  .max(1000)
  .regex(/^(\/(?!\/)|https:\/\/)[^\s\\]*$/, '連結須為站內路徑或 https 網址');
/**
 * A broadcast's link as staff type it: also a portal hash path (`#/tasks/my`), as sub-chapter links accept
 * (issue 36); the server stores it as the path it names.
 */
export const broadcastLink = z
  .string()
  .max(1000)
  .regex(/^(#?\/(?!\/)|https:\/\/)[^\s\\]*$/, '連結須為站內路徑或 https 網址');
