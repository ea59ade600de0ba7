import type { TaskChanged } from '@atrium/protocol/tasks';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { taskProgress } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { certifyIfDone } from './certify-if-done.ts';
import { findTask } from './find-task.ts';
import type { ClassRef } from './list-class-tasks.ts';
import { submissionRequired, submitTask } from './submit-task.ts';
import { toTaskView } from './task-view.ts';

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
