import { z } from 'zod';

/**
 * Tasks of a training class. For a learner each task is in one state, derived on read:
 * completed (completed_at set) → accepted while a submission awaits review (handed in on time) → expired
 * (past due) → accepted (accepted_at set) → available.
 */
export const taskStates = ['available', 'accepted', 'completed', 'expired'] as const;
export type TaskState = (typeof taskStates)[number];

/**
 * What finishing a task takes (ADR 0055): `check` — the learner says it is done (the spec's flow, the
 * default); `link`, `text` or `file` — the learner hands that in. With `review`, staff accept or return it.
 */
export const submissionKinds = ['check', 'link', 'text', 'file'] as const;
export type SubmissionKind = (typeof submissionKinds)[number];
/** The latest submission's review: 審核中, 需修改 (returned with feedback), 已通過. */
export const reviewStates = ['pending', 'returned', 'accepted'] as const;
export type ReviewState = (typeof reviewStates)[number];

/** Bounds on what a learner hands in (checked on the server; file types by their bytes). */
export const SUBMISSION_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** What one learner's handed-in files may add up to, across tasks. */
export const SUBMISSION_BYTES_PER_LEARNER = 200 * 1024 * 1024;
export const SUBMISSION_TEXT_MAX = 20_000;
export const SUBMISSION_LINK_MAX = 2_000;
export const FEEDBACK_MAX = 2_000;

export const taskView = z.object({
  id: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  title: z.string(),
  description: z.string(),
  due_at: z.string(),
  points: z.number(),
  published: z.boolean(),
  state: z.enum(taskStates),
  accepted_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  submission_kind: z.enum(submissionKinds),
  review: z.boolean(),
  /** null: nothing handed in, or the task is not reviewed. */
  review_state: z.enum(reviewStates).nullable(),
  /** What this learner earned: set once the task is completed (staff may give other than `points`). */
  points_awarded: z.number().int().nullable(),
});
export type TaskView = z.infer<typeof taskView>;

export const taskList = z.object({ items: z.array(taskView) });
export type TaskList = z.infer<typeof taskList>;

/** GET …/tasks/board and GET /v1/tasks/board: the four groups, soonest due first. */
export const taskBoard = z.object({
  available: z.array(taskView),
  accepted: z.array(taskView),
  completed: z.array(taskView),
  expired: z.array(taskView),
});
export type TaskBoard = z.infer<typeof taskBoard>;

/** GET …/tasks/accepted/board: my own tasks — in progress and done. */
export const myTaskBoard = z.object({ accepted: z.array(taskView), completed: z.array(taskView) });
export type MyTaskBoard = z.infer<typeof myTaskBoard>;

/** POST …/tasks/accept and POST …/tasks/completed. Both are idempotent. */
export const taskIdBody = z.object({ task_id: z.uuid({ message: '任務編號格式錯誤' }) });
export type TaskIdBody = z.infer<typeof taskIdBody>;

export const taskChanged = z.object({
  task: taskView,
  /** Set when this completion finished the class and a certificate was issued. */
  certificate_verification_id: z.string().nullable(),
});
export type TaskChanged = z.infer<typeof taskChanged>;

/**
 * POST /v1/console/community/classes/{id}/tasks (admins): a new task; a published one notifies the members
 * of a published class.
 */
export const newTaskBody = z.object({
  title: z.string().trim().min(1, '請輸入任務名稱').max(100, '任務名稱最多 100 字'),
  description: z.string().max(5000, '任務說明最多 5000 字').default(''),
  due_at: z.iso.datetime({ offset: true, message: '截止時間格式錯誤' }),
  points: z.number().int().min(0).max(1000).default(10),
  published: z.boolean().default(true),
  submission_kind: z.enum(submissionKinds, { message: '請選擇繳交方式' }).default('check'),
  review: z.boolean().default(false),
});
export type NewTaskBody = z.infer<typeof newTaskBody>;

/**
 * POST /v1/training-classes/{id}/tasks/{taskId}/submissions: hand in a link or a text (a reviewed
 * self-check sends neither). Files go as raw bytes to …/submissions/file?name= instead.
 */
export const submissionBody = z.object({
  link: z
    .url({ protocol: /^https?$/, message: '請輸入 http 或 https 開頭的網址' })
    .max(SUBMISSION_LINK_MAX, `網址最多 ${SUBMISSION_LINK_MAX} 字`)
    .optional(),
  text: z
    .string()
    .trim()
    .min(1, '請輸入內容')
    .max(SUBMISSION_TEXT_MAX, `內容最多 ${SUBMISSION_TEXT_MAX} 字`)
    .optional(),
});
export type SubmissionBody = z.infer<typeof submissionBody>;
export const submissionFileQuery = z.object({
  name: z.string().trim().min(1, '請提供檔名').max(200, '檔名最多 200 字'),
});

export const submissionStatuses = ['pending', 'accepted', 'returned'] as const;
/** One hand-in and what staff said about it; the history keeps every one. */
export const taskSubmission = z.object({
  id: z.string(),
  kind: z.enum(submissionKinds),
  body: z.string(),
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  status: z.enum(submissionStatuses),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
  feedback: z.string(),
  points: z.number().int().nullable(),
});
export type TaskSubmission = z.infer<typeof taskSubmission>;
/** GET /v1/tasks/{taskId}/submissions: mine, newest first. */
export const taskSubmissionList = z.object({ items: z.array(taskSubmission) });
export type TaskSubmissionList = z.infer<typeof taskSubmissionList>;
export const taskSubmitted = z.object({
  task: taskView,
  submission: taskSubmission,
  certificate_verification_id: z.string().nullable(),
});
export type TaskSubmitted = z.infer<typeof taskSubmitted>;

/** GET /v1/console/community/classes/{id}/reviews: submissions awaiting review, oldest first (ADR 0046). */
export const reviewItem = taskSubmission.extend({
  task_id: z.string(),
  task_title: z.string(),
  task_points: z.number().int(),
  user_id: z.string(),
  email: z.string(),
  nickname: z.string(),
  /** How many earlier hand-ins of this learner on this task were returned. */
  returned_before: z.number().int(),
});
export type ReviewItem = z.infer<typeof reviewItem>;
export const reviewQueue = z.object({ items: z.array(reviewItem) });
export type ReviewQueue = z.infer<typeof reviewQueue>;
export const submissionParams = z.object({ submissionId: z.uuid({ message: '繳交編號格式錯誤' }) });
/** POST …/submissions/{submissionId}/accept: the points given (at most 1000) and optional feedback. */
export const acceptSubmissionBody = z.strictObject({
  points: z.number().int().min(0, '分數不得小於 0').max(1000, '分數不得超過 1000'),
  feedback: z.string().trim().max(FEEDBACK_MAX, `回饋最多 ${FEEDBACK_MAX} 字`).default(''),
});
export type AcceptSubmissionBody = z.infer<typeof acceptSubmissionBody>;
/** POST …/submissions/{submissionId}/return: feedback is required — it says what to change. */
export const returnSubmissionBody = z.strictObject({
  feedback: z.string().trim().min(1, '請寫下需要修改的地方').max(FEEDBACK_MAX, `回饋最多 ${FEEDBACK_MAX} 字`),
});
export type ReturnSubmissionBody = z.infer<typeof returnSubmissionBody>;
