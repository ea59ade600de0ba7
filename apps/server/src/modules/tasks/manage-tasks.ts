import type { AdminTask, TaskPatch } from '@atrium/protocol/community';
import type { ReviewState, SubmissionKind } from '@atrium/protocol/tasks';
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { taskProgress, taskSubmissions, tasks } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { byEmail, labelUsers } from '../account/index.ts';
import { findAdminClass, listClassMemberIds, rearmReminder } from '../training/index.ts';
import { announceTask } from './announce-task.ts';

type TaskRow = typeof tasks.$inferSelect;
const taskNotFound = () => notFound('找不到這個任務', 'task_not_found');

const toAdmin = (t: TaskRow, accepted: number, completed: number, pending: number): AdminTask => ({
  id: t.id,
  class_id: t.classId,
  title: t.title,
  description: t.description,
  due_at: t.dueAt.toISOString(),
  points: t.points,
  published: t.published,
  submission_kind: t.submissionKind as SubmissionKind,
  review: t.review,
  accepted,
  completed,
  pending,
});

/** Every task of a class, published or not, with how many learners accepted and completed it. */
export async function listAdminTasks(db: Database, classId: string): Promise<AdminTask[]> {
  const rows = await db
    .select({
      task: tasks,
      accepted: count(taskProgress.userId),
      completed: sql<number>`count(${taskProgress.completedAt})::int`,
      pending: sql<number>`(select count(*) from ${taskSubmissions} where ${taskSubmissions.taskId} = ${tasks.id} and ${taskSubmissions.status} = 'pending')::int`,
    })
    .from(tasks)
    .leftJoin(taskProgress, eq(taskProgress.taskId, tasks.id))
    .where(eq(tasks.classId, classId))
    .groupBy(tasks.id)
    .orderBy(asc(tasks.dueAt), asc(tasks.title));
  return rows.map((r) => toAdmin(r.task, r.accepted, Number(r.completed), Number(r.pending)));
}

export async function findAdminTask(db: Database, taskId: string): Promise<TaskRow> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId)).limit(1);
  if (!row) throw taskNotFound();
  return row;
}

/** Edits a task. A new deadline must lie ahead, and re-arms the deadline reminder for the new time. */
export async function updateTask(
  db: Database,
  taskId: string,
  patch: TaskPatch,
  now = new Date(),
): Promise<AdminTask> {
  const current = await findAdminTask(db, taskId);
  const dueAt = patch.due_at ? new Date(patch.due_at) : undefined;
  if (dueAt && dueAt.getTime() <= now.getTime()) throw badRequest('due_in_past', '截止時間必須晚於現在');
  const { due_at: _due, submission_kind: kind, ...fields } = patch;
  await db
    .update(tasks)
    .set({ ...fields, ...(dueAt ? { dueAt } : {}), ...(kind ? { submissionKind: kind } : {}) })
    .where(eq(tasks.id, taskId));
  if (dueAt && dueAt.getTime() !== current.dueAt.getTime()) await rearmReminder(db, `task-due:${taskId}`);
  // Publishing a draft tells the class, as creating a published task does (once, and only once it is open).
  if (patch.published && !current.published) {
    const cls = await findAdminClass(db, current.classId);
    await announceTask(
      db,
      cls,
      { ...current, ...(dueAt ? { dueAt } : {}), title: patch.title ?? current.title },
      now,
    );
  }
  const [row] = (await listAdminTasks(db, (await findAdminTask(db, taskId)).classId)).filter(
    (t) => t.id === taskId,
  );
  return row!;
}

export async function deleteTask(db: Database, taskId: string): Promise<void> {
  const gone = await db.delete(tasks).where(eq(tasks.id, taskId)).returning({ id: tasks.id });
  if (!gone.length) throw taskNotFound();
}

/** Who accepted and completed a task: every member of its class, with the times (null: not yet). */
export async function taskProgressOf(db: Database, task: TaskRow) {
  const memberIds = await listClassMemberIds(db, task.classId);
  const progress = memberIds.length
    ? await db
        .select({
          userId: taskProgress.userId,
          acceptedAt: taskProgress.acceptedAt,
          completedAt: taskProgress.completedAt,
          reviewState: taskProgress.reviewState,
        })
        .from(taskProgress)
        .where(and(eq(taskProgress.taskId, task.id), inArray(taskProgress.userId, memberIds)))
    : [];
  const byUser = new Map(progress.map((p) => [p.userId, p]));
  const rows = memberIds.map((userId) => ({ userId, progress: byUser.get(userId) }));
  return byEmail(rows, await labelUsers(db, memberIds)).map(({ row, label }) => ({
    user_id: label.id,
    email: label.email,
    nickname: label.nickname,
    accepted_at: row.progress?.acceptedAt.toISOString() ?? null,
    completed_at: row.progress?.completedAt?.toISOString() ?? null,
    review_state: (row.progress?.reviewState ?? null) as ReviewState | null,
  }));
}

/** Members who completed every published task of the class (none when it has no task). */
export async function listCompleters(db: Database, classId: string): Promise<string[]> {
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(tasks)
    .where(and(eq(tasks.classId, classId), eq(tasks.published, true)));
  if (total === 0) return [];
  const memberIds = await listClassMemberIds(db, classId);
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({ userId: taskProgress.userId, done: count() })
    .from(taskProgress)
    .innerJoin(tasks, eq(tasks.id, taskProgress.taskId))
    .where(
      and(
        eq(tasks.classId, classId),
        eq(tasks.published, true),
        isNotNull(taskProgress.completedAt),
        inArray(taskProgress.userId, memberIds),
      ),
    )
    .groupBy(taskProgress.userId);
  return rows.filter((r) => r.done === total).map((r) => r.userId);
}
