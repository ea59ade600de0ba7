import type { TaskChanged } from '@atrium/protocol/tasks';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { taskProgress, tasks } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { issueCertificate } from '../training/index.ts';
import type { ClassRef } from './list-class-tasks.ts';
import { listClassTasks } from './list-class-tasks.ts';
import { submissionRequired, submitTask } from './submit-task.ts';
import { taskStateOf, toTaskView } from './task-view.ts';

/** The published task of the class with this user's progress and its state at `now`. */
export async function findTask(db: Database, cls: ClassRef, taskId: string, userId: string, now: Date) {
  const [row] = await db
    .select({ task: tasks, progress: taskProgress })
    .from(tasks)
    .leftJoin(taskProgress, and(eq(taskProgress.taskId, tasks.id), eq(taskProgress.userId, userId)))
    .where(and(eq(tasks.id, taskId), eq(tasks.classId, cls.id), eq(tasks.published, true)))
    .limit(1);
  if (!row) throw notFound('找不到這個任務', 'task_not_found');
  return { ...row, state: taskStateOf(row.task, row.progress, now) };
}

/** POST …/tasks/accept: available → accepted. Accepting again changes nothing; an expired task cannot be taken. */
export async function acceptTask(
  db: Database,
  cls: ClassRef,
  taskId: string,
  userId: string,
  now = new Date(),
): Promise<TaskChanged> {
  const { progress, state } = await findTask(db, cls, taskId, userId, now);
  if (state === 'expired') throw badRequest('task_expired', '任務已過期，無法接取');
  if (!progress) {
    await db.insert(taskProgress).values({ taskId, userId, acceptedAt: now }).onConflictDoNothing();
  }
  const fresh = await findTask(db, cls, taskId, userId, now);
  return { task: toTaskView(fresh.task, fresh.progress, cls.name, now), certificate_verification_id: null };
}

/**
 * POST …/tasks/completed: accepted → completed. Completing again keeps the first time. A task must be
 * accepted first and finished before its deadline. Completing the last task issues the certificate.
 */
export async function completeTask(
  db: Database,
  cls: ClassRef,
  taskId: string,
  userId: string,
  now = new Date(),
): Promise<TaskChanged> {
  const { task, state } = await findTask(db, cls, taskId, userId, now);
  if (state === 'available') throw badRequest('task_not_accepted', '請先接取任務再標記完成');
  if (state === 'expired') throw badRequest('task_expired', '任務已過期，無法標記完成');
  // Work to hand in, or staff to review, means this is not the learner's own call to make (ADR 0055).
  if (state === 'accepted' && (task.review || task.submissionKind !== 'check')) {
    if (task.submissionKind !== 'check') throw submissionRequired();
    const { task: view } = await submitTask(db, cls, taskId, userId, {}, now);
    return { task: view, certificate_verification_id: null };
  }
  if (state === 'accepted') {
    await db
      .update(taskProgress)
      .set({ completedAt: now })
      .where(
        and(
          eq(taskProgress.taskId, taskId),
          eq(taskProgress.userId, userId),
          isNull(taskProgress.completedAt),
        ),
      );
  }
  const fresh = await findTask(db, cls, taskId, userId, now);
  return {
    task: toTaskView(fresh.task, fresh.progress, cls.name, now),
    certificate_verification_id: await certifyIfDone(db, cls, userId, now),
  };
}

/** Issues the class certificate once every published task is completed; answers its verification id. */
export async function certifyIfDone(db: Database, cls: ClassRef, userId: string, now: Date) {
  const all = await listClassTasks(db, [cls], userId, { now });
  const done = all.length > 0 && all.every((t) => t.state === 'completed');
  return done ? ((await issueCertificate(db, cls, userId, now)).verification_id ?? null) : null;
}
