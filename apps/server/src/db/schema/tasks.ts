import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { trainingClasses } from './training.ts';

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => trainingClasses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    points: integer('points').notNull().default(10),
    published: boolean('published').notNull().default(true),
    /** What finishing takes: 'check' (the learner says so), 'link', 'text' or 'file' (ADR 0055). */
    submissionKind: text('submission_kind').notNull().default('check'),
    /** Staff accept or return each submission; only accepted work completes the task. */
    review: boolean('review').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tasks_class_idx').on(t.classId, t.dueAt)],
);

/** A learner's progress on a task; the row appears on accept. State is derived on read (see protocol). */
export const taskProgress = pgTable(
  'task_progress',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The latest submission's review: null (none or no review), 'pending', 'returned', 'accepted'. */
    reviewState: text('review_state'),
    /** Points staff gave when accepting; null means the task's points (self-checked or unreviewed work). */
    pointsAwarded: integer('points_awarded'),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index('task_progress_user_idx').on(t.userId)],
);

/** Every submission a learner made on a task, kept when it is returned and resubmitted (ADR 0055). */
export const taskSubmissions = pgTable(
  'task_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The link or the text; empty for a self-check or a file. */
    body: text('body').notNull().default(''),
    /** The blob key of a file submission, its name as the learner gave it, its checked type and size. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    fileSize: integer('file_size'),
    /** 'pending' (awaiting staff), 'accepted', 'returned'. Unreviewed tasks' submissions are 'accepted' at once. */
    status: text('status').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    feedback: text('feedback').notNull().default(''),
    points: integer('points'),
  },
  (t) => [
    index('task_submissions_task_user_idx').on(t.taskId, t.userId, t.submittedAt),
    index('task_submissions_queue_idx').on(t.status, t.submittedAt),
  ],
);
