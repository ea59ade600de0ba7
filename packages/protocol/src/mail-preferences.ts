import { z } from 'zod';

/**
 * What a learner lets the community mail them (ADR 0063): GET/PUT /v1/user/mail-preferences, and the one-click
 * unsubscribe of a broadcast mail, POST /v1/mail/unsubscribe (token in the query or the body; no sign-in).
 */
export const mailPreferences = z.strictObject({
  /** Class announcements staff choose to send by mail as well; on unless the learner turned it off. */
  class_announcements: z.boolean({ message: '請選擇是否接收' }),
});
export type MailPreferences = z.infer<typeof mailPreferences>;

const unsubscribeToken = z.string().regex(/^[A-Za-z0-9_.-]{10,200}$/, '取消訂閱連結格式錯誤');

export const unsubscribeQuery = z.strictObject({ token: unsubscribeToken.optional() });
/**
 * JSON from the portal's confirm page, or a mail client's RFC 8058 form body `List-Unsubscribe=One-Click`
 * (the token then is in the query).
 */
export const unsubscribeBody = z
  .strictObject({ token: unsubscribeToken.optional(), 'List-Unsubscribe': z.literal('One-Click').optional() })
  .nullish();
export const unsubscribeResult = z.object({ email: z.string(), class_announcements: z.literal(false) });
export type UnsubscribeResult = z.infer<typeof unsubscribeResult>;
