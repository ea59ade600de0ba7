import { z } from 'zod';
import { reviewStates, taskStates } from './tasks.ts';

// Progress reports (ADR 0062): a class's learner × task matrix with attendance, a learner's progress across
// classes, and the console home's blocks. snake_case, strict query strings (ADR 0046).

export const progressSorts = ['name', 'points', 'completion', 'activity', 'attendance'] as const;
export type ProgressSort = (typeof progressSorts)[number];

export const classProgressQuery = z.strictObject({
  sort: z.enum(progressSorts).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number<string | number>().int().min(1).max(1000).default(1),
  /** A class of a few hundred learners fits one page; larger ones page on the server. */
  page_size: z.coerce.number<string | number>().int().min(1).max(500).default(500),
});
export type ClassProgressQuery = z.input<typeof classProgressQuery>;

/** The CSV holds every member in the screen's order: no paging. */
export const classProgressCsvQuery = classProgressQuery.pick({ sort: true, order: true });

/** A learner's standing on one task: the board's state (ADR 0055) and the latest hand-in's review. */
export const progressCell = z.object({
  task_id: z.uuid(),
  state: z.enum(taskStates),
  review_state: z.enum(reviewStates).nullable(),
  /** Points earned: completed work only, at what staff gave. */
  points: z.number().int(),
  /** The latest of accepting, handing in and completing; null when never touched. */
  last_activity_at: z.iso.datetime({ offset: true }).nullable(),
});
export type ProgressCell = z.infer<typeof progressCell>;

export const attendanceMarks = ['present', 'late', 'absent'] as const;
export const progressAttendance = z.object({
  session_id: z.uuid(),
  status: z.enum(attendanceMarks),
});

export const progressTask = z.object({
  id: z.uuid(),
  title: z.string(),
  points: z.number().int(),
  due_at: z.iso.datetime({ offset: true }),
  review: z.boolean(),
});
export const progressSession = z.object({
  id: z.uuid(),
  title: z.string(),
  starts_at: z.iso.datetime({ offset: true }),
});

export const progressRow = z.object({
  user_id: z.uuid(),
  email: z.string(),
  nickname: z.string(),
  points: z.number().int(),
  completed: z.number().int(),
  /** Sessions attended (present or late) of those already started. */
  attended: z.number().int(),
  last_activity_at: z.iso.datetime({ offset: true }).nullable(),
  /** In the order of the report's `tasks`. */
  cells: z.array(progressCell),
  /** In the order of the report's `sessions`. */
  attendance: z.array(progressAttendance),
});
export type ProgressRow = z.infer<typeof progressRow>;

export const classProgressReport = z.object({
  class_id: z.uuid(),
  class_name: z.string(),
  tasks: z.array(progressTask),
  sessions: z.array(progressSession),
  /** Sessions already started: what attendance counts against. */
  sessions_held: z.number().int(),
  points_total: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  rows: z.array(progressRow),
});
export type ClassProgressReport = z.infer<typeof classProgressReport>;

export const learnerClassProgress = z.object({
  class_id: z.uuid(),
  class_name: z.string(),
  points: z.number().int(),
  points_total: z.number().int(),
  completed: z.number().int(),
  sessions_held: z.number().int(),
  attended: z.number().int(),
  tasks: z.array(
    progressTask.extend({
      state: z.enum(taskStates),
      review_state: z.enum(reviewStates).nullable(),
      points_earned: z.number().int(),
      last_activity_at: z.iso.datetime({ offset: true }).nullable(),
    }),
  ),
  sessions: z.array(progressSession.extend({ status: z.enum(attendanceMarks) })),
});
export const learnerProgress = z.object({ classes: z.array(learnerClassProgress) });
export type LearnerProgress = z.infer<typeof learnerProgress>;

/** The console home: today's class sessions (the Asia/Taipei day). */
export const todaySession = z.object({
  id: z.uuid(),
  class_id: z.uuid(),
  class_name: z.string(),
  title: z.string(),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  members: z.number().int(),
  checked_in: z.number().int(),
});
export const todaySessions = z.object({
  /** The Taipei date, YYYY-MM-DD. */
  date: z.string(),
  items: z.array(todaySession),
});
export type TodaySessions = z.infer<typeof todaySessions>;

/** The console home: hand-ins awaiting review across classes, the oldest first. */
export const reviewOverview = z.object({
  pending: z.number().int(),
  oldest: z.array(
    z.object({
      id: z.uuid(),
      class_id: z.uuid(),
      class_name: z.string(),
      task_title: z.string(),
      learner: z.string(),
      submitted_at: z.iso.datetime({ offset: true }),
    }),
  ),
});
export type ReviewOverview = z.infer<typeof reviewOverview>;
