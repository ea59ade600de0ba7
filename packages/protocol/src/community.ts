import { z } from 'zod';
import { broadcastLink, notifyCategory } from './notify.ts';
import { reviewStates, submissionKinds } from './tasks.ts';
import { subChapterTypes } from './training.ts';

/**
 * The console calls that run the community (/v1/console/community/…): classes, their outline, sessions
 * and attendance, tasks, notifications, learners and certificates. Admins change; agents read.
 * The same schemas validate the console's forms, so a message shown there is the one the server sends.
 */

const id = (what: string) => z.uuid({ message: `${what}格式錯誤` });
const name = (what: string, max = 100) =>
  z.string().trim().min(1, `請輸入${what}`).max(max, `${what}最多 ${max} 字`);
const instant = (what: string) => z.iso.datetime({ offset: true, message: `${what}格式錯誤` });

/** A class link: an https address or a portal path (`/…` or `#/…`); nothing a click could run. */
export const classLinkUrl = z
  .string()
  .trim()
  .max(1000, '連結最多 1000 字')
  .regex(/^(https:\/\/[^\s\\]+|#?\/(?!\/)[^\s\\]*)$/, '連結須為 https 網址或站內路徑');

export const classIdParams = z.object({ id: id('課程編號') });
export const memberParams = classIdParams.extend({ userId: id('學員編號') });
export const linkParams = classIdParams.extend({ linkId: id('連結編號') });
export const chapterParams = z.object({ chapterId: id('章節編號') });
export const subChapterParams = z.object({ subId: id('單元編號') });
export const sessionParams = z.object({ sessionId: id('場次編號') });
export const taskParams = z.object({ taskId: id('任務編號') });
export const learnerParams = z.object({ userId: id('學員編號') });
export const certificateParams = z.object({ certId: id('證書編號') });

export const classListQuery = z.object({
  archived: z.enum(['0', '1']).default('0'),
  q: z.string().trim().max(100).default(''),
});

export const classInput = z.object({
  name: name('課程名稱'),
  description: z.string().max(2000, '課程簡介最多 2000 字').default(''),
  welcome: z.string().max(20_000, '歡迎內容最多 20000 字').default(''),
});
export type ClassInput = z.infer<typeof classInput>;
/**
 * The fields of `schema`, each optional and without its default: a PATCH changes only what it names. (Zod's
 * `.partial()` keeps the defaults, so `{published: true}` would also reset the description to ''.)
 */
function patchOf<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      ((field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType).optional(),
    ]),
  );
  return z.object(shape) as unknown as z.ZodObject<{
    [K in keyof T]: z.ZodOptional<T[K] extends z.ZodDefault<infer Inner> ? Inner : T[K]>;
  }>;
}

/** An empty PATCH is a mistake of the caller, not a no-op to store. */
const changesSomething = [
  (patch: Record<string, unknown>) => Object.values(patch).some((v) => v !== undefined),
  { message: '沒有要變更的欄位' },
] as const;

export const classPatch = patchOf(classInput)
  .extend({
    published: z.boolean().optional(),
    archived: z.boolean().optional(),
  })
  .refine(...changesSomething);
export type ClassPatch = z.infer<typeof classPatch>;

export const adminClass = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  welcome: z.string(),
  published: z.boolean(),
  archived: z.boolean(),
  members: z.number().int(),
  created_at: z.string(),
});
export type AdminClass = z.infer<typeof adminClass>;
export const adminClassList = z.object({ items: z.array(adminClass) });

/**
 * Copy a class for the next cohort: outline, content, tasks and links, never members, hand-ins, check-ins or
 * certificates. The copy starts unpublished; without a name it is called 「<name>（複本）」.
 */
export const classCopyInput = z.object({ name: name('課程名稱').optional() });
export type ClassCopyInput = z.infer<typeof classCopyInput>;

/** Add members by e-mail: one by one, or the e-mails of a CSV file (first column, header optional). */
export const memberEmails = z.object({
  emails: z.array(z.string().max(320)).min(1, '請輸入至少一個 e-mail').max(2000, '一次最多 2000 筆'),
});
export const memberCsv = z.object({
  csv: z.string().min(1, '檔案是空的').max(200_000, 'CSV 檔案最多 200 KB'),
});
export const memberRowResult = z.object({
  row: z.number().int(),
  email: z.string(),
  /** `blank`: an empty line among the rows; `staff_account`: staff are never enrolled as learners. */
  /** `invited`: no account yet, an invitation was mailed (or renewed); `added` members get an enrolment mail. */
  status: z.enum([
    'added',
    'invited',
    'already_member',
    'unknown_email',
    'invalid_email',
    'duplicate',
    'blank',
    'staff_account',
  ]),
});
export type MemberRowResult = z.infer<typeof memberRowResult>;
export const memberReport = z.object({
  added: z.number().int(),
  invited: z.number().int(),
  rows: z.array(memberRowResult),
});
export type MemberReport = z.infer<typeof memberReport>;
export const classMember = z.object({
  user_id: z.string(),
  email: z.string(),
  nickname: z.string(),
  joined_at: z.string(),
});
export const classMemberList = z.object({ items: z.array(classMember) });

export const classLinkInput = z.object({
  title: name('連結名稱'),
  url: classLinkUrl,
  description: z.string().max(500, '連結說明最多 500 字').default(''),
});
export const classLinkPatch = patchOf(classLinkInput).refine(...changesSomething);

/** Outline: chapters and their sub-chapters, in order; every item with enable and published. */
export const chapterInput = z.object({
  name: name('章節名稱'),
  enable: z.boolean().default(true),
  published: z.boolean().default(true),
  /** Closed to learners (listed with the date) until this instant; null: no release date. */
  release_at: instant('開放時間').nullable().default(null),
});
export const chapterPatch = patchOf(chapterInput).refine(...changesSomething);

const subChapterBase = z.object({
  name: name('單元名稱'),
  icon: z.string().trim().max(40, '圖示名稱最多 40 字').default(''),
  enable: z.boolean().default(true),
  published: z.boolean().default(true),
  type: z.enum(subChapterTypes, { message: '單元類型錯誤' }),
  content: z.string().max(100_000, '內容最多 100000 字').default(''),
});
/** What each type's content must be: the portal opens links and embeds video/live addresses. */
export function subChapterContentProblem(type: string, content: string): string | null {
  if (type === 'link' && !classLinkUrl.safeParse(content).success) return '連結須為 https 網址或站內路徑';
  if ((type === 'video' || type === 'live') && content !== '' && !/^https:\/\/[^\s\\]+$/.test(content))
    return '影片與直播網址須為 https';
  return null;
}
export const subChapterInput = subChapterBase.superRefine((s, ctx) => {
  const problem = subChapterContentProblem(s.type, s.content);
  if (problem) ctx.addIssue({ code: 'custom', path: ['content'], message: problem });
});
export type SubChapterInput = z.infer<typeof subChapterInput>;
export const subChapterPatch = patchOf(subChapterBase).refine(...changesSomething);
export type SubChapterPatch = z.infer<typeof subChapterPatch>;

/** The new order of a parent's children: every child id once. */
export const orderInput = z.object({ ids: z.array(id('編號')).min(1).max(500) });

export const adminSubChapter = z.object({
  id: z.string(),
  chapter_id: z.string(),
  name: z.string(),
  icon: z.string(),
  enable: z.boolean(),
  published: z.boolean(),
  type: z.enum(subChapterTypes),
  content: z.string(),
  sort: z.number().int(),
});
export type AdminSubChapter = z.infer<typeof adminSubChapter>;
export const adminChapter = z.object({
  id: z.string(),
  name: z.string(),
  enable: z.boolean(),
  published: z.boolean(),
  release_at: z.string().nullable(),
  sort: z.number().int(),
  sub_chapters: z.array(adminSubChapter),
});
export type AdminChapter = z.infer<typeof adminChapter>;
export const adminOutline = z.object({ chapters: z.array(adminChapter) });

/** Course images uploaded from the Markdown editor: png, jpeg or webp by content, at most 2 MB. */
export const COURSE_IMAGE_MAX_BYTES = 2_097_152;
export const courseImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const courseImage = z.object({ url: z.string(), markdown: z.string() });

/** Sessions: a session ends after it starts; its check-in window closes after it opens, at any time. */
export const sessionInput = z
  .object({
    title: name('場次名稱'),
    starts_at: instant('開始時間'),
    ends_at: instant('結束時間'),
    check_in_opens_at: instant('簽到開始時間'),
    check_in_closes_at: instant('簽到結束時間'),
    live_url: z
      .string()
      .trim()
      .max(1000)
      .regex(/^https:\/\/[^\s\\]+$/, '直播網址須為 https')
      .nullable()
      .default(null),
  })
  .refine((s) => Date.parse(s.ends_at) > Date.parse(s.starts_at), {
    path: ['ends_at'],
    message: '結束時間必須晚於開始時間',
  })
  .refine((s) => Date.parse(s.check_in_closes_at) > Date.parse(s.check_in_opens_at), {
    path: ['check_in_closes_at'],
    message: '簽到結束時間必須晚於簽到開始時間',
  });
export type SessionInput = z.infer<typeof sessionInput>;

/** present / late: checked in (late only when staff say so); absent: no check-in. */
export const attendanceStatuses = ['present', 'late', 'absent'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];
export const attendanceRow = z.object({
  user_id: z.string(),
  email: z.string(),
  nickname: z.string(),
  checked_in_at: z.string().nullable(),
  status: z.enum(attendanceStatuses),
  /** True when staff marked it by hand rather than the learner checking in. */
  marked_by_staff: z.boolean(),
});
/** Staff mark a member's attendance of a class session by hand (audited). */
export const attendanceMarkParams = sessionParams.extend({ userId: id('學員編號') });
export const attendanceMark = z.object({
  status: z.enum(attendanceStatuses, { message: '出席狀態須為出席、遲到或缺席' }),
});
export type AttendanceMark = z.infer<typeof attendanceMark>;
export const attendance = z.object({
  session_id: z.string(),
  title: z.string(),
  members: z.number().int(),
  checked_in: z.number().int(),
  rows: z.array(attendanceRow),
});
export type Attendance = z.infer<typeof attendance>;

/** Tasks (admin view): counts of who accepted and completed. */
export const taskPatch = z
  .object({
    title: name('任務名稱').optional(),
    description: z.string().max(5000, '任務說明最多 5000 字').optional(),
    due_at: instant('截止時間').optional(),
    points: z.number().int().min(0).max(1000).optional(),
    published: z.boolean().optional(),
    submission_kind: z.enum(submissionKinds, { message: '請選擇繳交方式' }).optional(),
    review: z.boolean().optional(),
  })
  .refine(...changesSomething);
export type TaskPatch = z.infer<typeof taskPatch>;
export const adminTask = z.object({
  id: z.string(),
  class_id: z.string(),
  title: z.string(),
  description: z.string(),
  due_at: z.string(),
  points: z.number().int(),
  published: z.boolean(),
  submission_kind: z.enum(submissionKinds),
  review: z.boolean(),
  accepted: z.number().int(),
  completed: z.number().int(),
  /** Submissions awaiting review. */
  pending: z.number().int(),
});
export type AdminTask = z.infer<typeof adminTask>;
export const adminTaskList = z.object({ items: z.array(adminTask) });
export const taskProgressRow = z.object({
  user_id: z.string(),
  email: z.string(),
  nickname: z.string(),
  accepted_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** The latest hand-in's review (ADR 0055): pending, returned, accepted; null when none or not reviewed. */
  review_state: z.enum(reviewStates).nullable(),
});
export const taskProgressList = z.object({ items: z.array(taskProgressRow) });

/** Compose: to one learner, a class or everyone; now or later (at most a year ahead). */
export const broadcastInput = z
  .object({
    audience: z.enum(['user', 'class', 'all'], { message: '請選擇收件對象' }),
    target_id: id('收件對象').nullable().default(null),
    title: name('標題'),
    body: z.string().trim().max(5000, '內容不得超過 5000 個字').default(''),
    category: notifyCategory,
    link: broadcastLink.nullable().default(null),
    send_at: instant('排程時間').nullable().default(null),
    /** Also by mail, to recipients whose mail preference allows it (ADR 0063). */
    also_mail: z.boolean().default(false),
  })
  .refine((b) => (b.audience === 'all') === (b.target_id === null), {
    path: ['target_id'],
    message: '請選擇收件的學員或課程',
  });
export type BroadcastInput = z.infer<typeof broadcastInput>;
export const broadcastView = z.object({
  id: z.string(),
  audience: z.enum(['user', 'class', 'all']),
  target_id: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  category: notifyCategory,
  link: z.string().nullable(),
  send_at: z.string(),
  sent_at: z.string().nullable(),
  recipients: z.number().int(),
  read: z.number().int(),
  also_mail: z.boolean(),
});
export type BroadcastView = z.infer<typeof broadcastView>;
export const broadcastList = z.object({ items: z.array(broadcastView) });

/** Learners. */
export const userRole = z.enum(['learner', 'agent', 'admin'], { message: '角色錯誤' });
export type UserRole = z.infer<typeof userRole>;
export const learnerSearchQuery = z.object({
  q: z.string().trim().max(100, '搜尋字串最多 100 字').default(''),
  /** `staff`: agents and admins only (the staff screen). */
  role: z.enum(['learner', 'agent', 'admin', 'staff']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const learnerSummary = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string(),
  role: userRole,
  verified: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type LearnerSummary = z.infer<typeof learnerSummary>;
export const learnerList = z.object({ items: z.array(learnerSummary), total: z.number().int() });
export const learnerDetail = learnerSummary.extend({
  first_name: z.string(),
  last_name: z.string(),
  classes: z.array(z.object({ id: z.string(), name: z.string(), joined_at: z.string() })),
  tasks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      class_name: z.string(),
      accepted_at: z.string(),
      completed_at: z.string().nullable(),
    }),
  ),
  check_ins: z.array(
    z.object({
      session_id: z.string(),
      title: z.string(),
      class_name: z.string(),
      checked_in_at: z.string(),
    }),
  ),
  certificates: z.array(z.object({ id: z.string(), class_name: z.string(), revoked: z.boolean() })),
  /** Recorded portal sessions of this learner, newest first, for a link into the replay. */
  recordings: z.array(z.object({ id: z.string(), started_at: z.string(), replay_path: z.string() })),
});
export type LearnerDetail = z.infer<typeof learnerDetail>;
export const learnerPatch = z
  .object({
    disabled: z.boolean().optional(),
    role: userRole.optional(),
  })
  .refine(...changesSomething);

export const adminCertificate = z.object({
  id: z.string(),
  user_id: z.string(),
  verification_id: z.string(),
  learner_name: z.string(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type AdminCertificate = z.infer<typeof adminCertificate>;
export const adminCertificateList = z.object({ items: z.array(adminCertificate) });
export const issueReport = z.object({ issued: z.number().int(), items: z.array(adminCertificate) });

/** GET …/audit (admin): the latest changes made through the community console. */
export const auditEntry = z.object({
  id: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string(),
  action: z.string(),
  target: z.record(z.string(), z.string()),
  status: z.number().int(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = z.object({ items: z.array(auditEntry) });
