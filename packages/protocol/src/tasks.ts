import { z } from 'zod';

/**
 * Tasks of a training class. For a learner each task is in one state, derived on read:
 * completed (completed_at set) → expired (past due) → accepted (accepted_at set) → available.
 */
export const taskStates = ['available', 'accepted', 'completed', 'expired'] as const;
export type TaskState = (typeof taskStates)[number];

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
});
export type NewTaskBody = z.infer<typeof newTaskBody>;
