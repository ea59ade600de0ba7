import type { ProgressCell } from '@atrium/protocol/progress';
import type { ReviewState } from '@atrium/protocol/tasks';
import { and, eq, inArray, max } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { taskProgress, taskSubmissions, tasks } from '../../db/schema.ts';
import { type ProgressRow, type TaskRow, taskStateOf } from './task-view.ts';

/**
 * The published tasks of some classes with every progress row and each learner's latest hand-in time, in
 * three queries whatever the number of learners (ADR 0062). `userId` narrows to one learner.
 */
export async function loadProgressFacts(db: Database, classIds: readonly string[], userId?: string) {
  if (classIds.length === 0)
    return {
      tasks: [] as TaskRow[],
      progress: new Map<string, ProgressRow>(),
      handedIn: new Map<string, Date>(),
    };
  const taskRows = await db
    .select()
    .from(tasks)
    .where(and(inArray(tasks.classId, [...classIds]), eq(tasks.published, true)))
    .orderBy(tasks.dueAt, tasks.title);
  const ids = taskRows.map((t) => t.id);
  if (ids.length === 0)
    return { tasks: taskRows, progress: new Map<string, ProgressRow>(), handedIn: new Map<string, Date>() };
  const [progressRows, submitted] = await Promise.all([
    db
      .select()
      .from(taskProgress)
      .where(and(inArray(taskProgress.taskId, ids), userId ? eq(taskProgress.userId, userId) : undefined)),
    db
      .select({
        taskId: taskSubmissions.taskId,
        userId: taskSubmissions.userId,
        at: max(taskSubmissions.submittedAt),
      })
      .from(taskSubmissions)
      .where(
        and(inArray(taskSubmissions.taskId, ids), userId ? eq(taskSubmissions.userId, userId) : undefined),
      )
      .groupBy(taskSubmissions.taskId, taskSubmissions.userId),
  ]);
  return {
    tasks: taskRows,
    progress: new Map(progressRows.map((p) => [`${p.taskId}:${p.userId}`, p])),
    handedIn: new Map(
      submitted.flatMap((s) => (s.at ? [[`${s.taskId}:${s.userId}`, new Date(s.at)] as const] : [])),
    ),
  };
}

export type ProgressFacts = Awaited<ReturnType<typeof loadProgressFacts>>;

export const latest = (...dates: (Date | null | undefined)[]) =>
  dates.reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null);

/** One learner's cell for one task: the board's state, the review, points earned and the last touch. */
export function progressCellOf(
  facts: ProgressFacts,
  task: TaskRow,
  userId: string,
  now: Date,
): ProgressCell & { at: Date | null } {
  const key = `${task.id}:${userId}`;
  const progress = facts.progress.get(key) ?? null;
  const state = taskStateOf(task, progress, now);
  const at = latest(progress?.acceptedAt, progress?.completedAt, facts.handedIn.get(key));
  return {
    task_id: task.id,
    state,
    review_state: (progress?.reviewState as ReviewState | null | undefined) ?? null,
    // Only completed work counts, at the points staff gave (ADR 0055).
    points: state === 'completed' ? (progress?.pointsAwarded ?? task.points) : 0,
    last_activity_at: at?.toISOString() ?? null,
    at,
  };
}
