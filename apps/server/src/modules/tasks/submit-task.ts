import { randomUUID } from 'node:crypto';
import {
  SUBMISSION_BYTES_PER_LEARNER,
  type SubmissionKind,
  type TaskSubmitted,
} from '@atrium/protocol/tasks';
import { and, count, eq, isNull, ne, or, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { taskProgress, taskSubmissions } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { certifyIfDone } from './certify-if-done.ts';
import { findTask } from './find-task.ts';
import type { ClassRef } from './list-class-tasks.ts';
import { toSubmissionView } from './submission-view.ts';
import { toTaskView } from './task-view.ts';

/** What a learner hands in; which field counts depends on the task's kind. */
export interface HandIn {
  link?: string;
  text?: string;
  /** A file: stored by `store` only after every other check passed, under the submission's id. */
  file?: { name: string; type: string; size: number; store: (submissionId: string) => Promise<string> };
}

/** A learner's hand-ins on one task are kept (history), up to this many. */
export const MAX_SUBMISSIONS_PER_TASK = 30;

const KIND_WORD: Record<SubmissionKind, string> = {
  check: '完成確認',
  link: '連結',
  text: '文字',
  file: '檔案',
};
export const submissionRequired = () =>
  badRequest('submission_required', '這個任務需要繳交作業，請在任務頁面繳交');

/**
 * POST …/tasks/{taskId}/submissions: hand in work for a task (accepting it on the way). Without review it
 * completes the task at once (and may finish the class); with review it waits for staff as 審核中, and only
 * an accepted hand-in completes it (ADR 0055). A returned one may be handed in again until the deadline.
 */
export async function submitTask(
  db: Database,
  cls: ClassRef,
  taskId: string,
  userId: string,
  input: HandIn,
  now = new Date(),
): Promise<TaskSubmitted> {
  const { task, progress, state } = await findTask(db, cls, taskId, userId, now);
  if (state === 'completed') throw new AppError(409, 'task_completed', '這個任務已完成');
  if (progress?.reviewState === 'pending')
    throw new AppError(409, 'submission_pending', '已繳交，正在等待工作人員審核');
  if (state === 'expired') throw badRequest('task_expired', '任務已過期，無法繳交');
  const kind = task.submissionKind as SubmissionKind;
  const body = kind === 'link' ? input.link : kind === 'text' ? input.text : undefined;
  const given = [input.link, input.text, input.file].filter((x) => x !== undefined).length;
  const fits =
    kind === 'check' ? given === 0 : kind === 'file' ? !!input.file && given === 1 : !!body && given === 1;
  if (!fits) throw badRequest('submission_kind_mismatch', `這個任務請繳交${KIND_WORD[kind]}`);
  const [{ made } = { made: 0 }] = await db
    .select({ made: count() })
    .from(taskSubmissions)
    .where(and(eq(taskSubmissions.taskId, taskId), eq(taskSubmissions.userId, userId)));
  if (made >= MAX_SUBMISSIONS_PER_TASK)
    throw badRequest('too_many_submissions', `每個任務最多繳交 ${MAX_SUBMISSIONS_PER_TASK} 次`);

  if (input.file) {
    const [{ stored } = { stored: null }] = await db
      .select({ stored: sum(taskSubmissions.fileSize) })
      .from(taskSubmissions)
      .where(eq(taskSubmissions.userId, userId));
    if (Number(stored ?? 0) + input.file.size > SUBMISSION_BYTES_PER_LEARNER)
      throw badRequest(
        'submission_storage_full',
        `你繳交的檔案已達 ${SUBMISSION_BYTES_PER_LEARNER / 1024 / 1024} MB 上限，請改交連結或洽詢助教`,
      );
  }
  // Claim the progress row first, conditionally: of two hand-ins sent at once only one gets past here.
  await db.insert(taskProgress).values({ taskId, userId, acceptedAt: now }).onConflictDoNothing();
  const claimed = await db
    .update(taskProgress)
    .set(task.review ? { reviewState: 'pending' } : { completedAt: now, reviewState: null })
    .where(
      and(
        eq(taskProgress.taskId, taskId),
        eq(taskProgress.userId, userId),
        isNull(taskProgress.completedAt),
        or(isNull(taskProgress.reviewState), ne(taskProgress.reviewState, 'pending')),
      ),
    )
    .returning({ taskId: taskProgress.taskId });
  if (claimed.length === 0) throw new AppError(409, 'submission_pending', '已繳交，正在等待工作人員審核');

  const id = randomUUID();
  const fileKey = input.file ? await input.file.store(id) : null;
  const [row] = await db
    .insert(taskSubmissions)
    .values({
      id,
      taskId,
      userId,
      kind,
      body: body ?? '',
      fileKey,
      fileName: input.file?.name ?? null,
      fileType: input.file?.type ?? null,
      fileSize: input.file?.size ?? null,
      status: task.review ? 'pending' : 'accepted',
      submittedAt: now,
    })
    .returning();
  const fresh = await findTask(db, cls, taskId, userId, now);
  return {
    task: toTaskView(fresh.task, fresh.progress, cls.name, now),
    submission: toSubmissionView(row!),
    certificate_verification_id: task.review ? null : await certifyIfDone(db, cls, userId, now),
  };
}
