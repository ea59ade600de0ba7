import type { AcceptSubmissionBody, ReviewItem, TaskSubmission } from '@atrium/protocol/tasks';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { taskProgress, taskSubmissions, tasks } from '../../db/schema.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { labelUsers } from '../account/index.ts';
import { notifyUser } from '../notify/index.ts';
import { findAdminClass, listClassMemberIds } from '../training/index.ts';
import { certifyIfDone } from './certify-if-done.ts';
import { type SubmissionRow, toSubmissionView } from './submission-view.ts';

const submissionNotFound = () => notFound('找不到這份繳交', 'submission_not_found');
/** The queue shows this many at a time: the oldest first, so nobody waits behind newer work. */
const QUEUE_LIMIT = 200;

/** GET /v1/tasks/{taskId}/submissions: a learner's own hand-ins on a task, newest first. */
export async function listMySubmissions(
  db: Database,
  taskId: string,
  userId: string,
): Promise<TaskSubmission[]> {
  const rows = await db
    .select()
    .from(taskSubmissions)
    .where(and(eq(taskSubmissions.taskId, taskId), eq(taskSubmissions.userId, userId)))
    .orderBy(desc(taskSubmissions.submittedAt));
  return rows.map(toSubmissionView);
}

/** The review queue of a class: hand-ins awaiting staff from its current members, oldest first. */
export async function reviewQueue(db: Database, classId: string): Promise<ReviewItem[]> {
  await findAdminClass(db, classId);
  const memberIds = await listClassMemberIds(db, classId);
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({ submission: taskSubmissions, title: tasks.title, points: tasks.points })
    .from(taskSubmissions)
    .innerJoin(tasks, eq(tasks.id, taskSubmissions.taskId))
    .where(
      and(
        eq(tasks.classId, classId),
        eq(taskSubmissions.status, 'pending'),
        inArray(taskSubmissions.userId, memberIds),
      ),
    )
    .orderBy(asc(taskSubmissions.submittedAt))
    .limit(QUEUE_LIMIT);
  const labels = await labelUsers(
    db,
    rows.map((r) => r.submission.userId),
  );
  const returned = rows.length
    ? await db
        .select({ taskId: taskSubmissions.taskId, userId: taskSubmissions.userId })
        .from(taskSubmissions)
        .where(
          and(
            eq(taskSubmissions.status, 'returned'),
            inArray(
              taskSubmissions.taskId,
              rows.map((r) => r.submission.taskId),
            ),
          ),
        )
    : [];
  return rows.flatMap(({ submission, title, points }) => {
    const label = labels.get(submission.userId);
    if (!label) return [];
    return [
      {
        ...toSubmissionView(submission),
        task_id: submission.taskId,
        task_title: title,
        task_points: points,
        user_id: label.id,
        email: label.email,
        nickname: label.nickname,
        returned_before: returned.filter(
          (r) => r.taskId === submission.taskId && r.userId === submission.userId,
        ).length,
      },
    ];
  });
}

/** Marks a pending hand-in reviewed; a second reviewer (or a second click) finds it already decided. */
async function decide(
  db: Database,
  submissionId: string,
  reviewerId: string,
  change: { status: 'accepted' | 'returned'; feedback: string; points: number | null },
  now: Date,
): Promise<SubmissionRow> {
  const [row] = await db
    .update(taskSubmissions)
    .set({ ...change, reviewedBy: reviewerId, reviewedAt: now })
    .where(and(eq(taskSubmissions.id, submissionId), eq(taskSubmissions.status, 'pending')))
    .returning();
  if (row) return row;
  const [exists] = await db
    .select({ id: taskSubmissions.id })
    .from(taskSubmissions)
    .where(eq(taskSubmissions.id, submissionId));
  if (!exists) throw submissionNotFound();
  throw conflict('submission_reviewed', '這份繳交已經審核過了');
}

async function taskOf(db: Database, taskId: string) {
  const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId)).limit(1);
  return task!;
}

/**
 * Staff accept a hand-in: the task is completed with the points given, the learner is told, and the class
 * certificate follows when this was the last task (ADR 0055).
 */
export async function acceptSubmission(
  db: Database,
  submissionId: string,
  reviewerId: string,
  input: AcceptSubmissionBody,
  now = new Date(),
): Promise<TaskSubmission> {
  // The task's points are the ceiling: bonus points have no label of their own, so the learner would read
  // 「獲得 31 點（滿分 30 點）」 (issue 36).
  const [target] = await db
    .select({ max: tasks.points })
    .from(taskSubmissions)
    .innerJoin(tasks, eq(tasks.id, taskSubmissions.taskId))
    .where(eq(taskSubmissions.id, submissionId))
    .limit(1);
  if (target && input.points > target.max) {
    throw badRequest('points_over_max', `給分不能超過這項任務的滿分 ${target.max} 點`);
  }
  const row = await decide(
    db,
    submissionId,
    reviewerId,
    { status: 'accepted', feedback: input.feedback, points: input.points },
    now,
  );
  await db
    .update(taskProgress)
    .set({ completedAt: now, reviewState: 'accepted', pointsAwarded: input.points })
    .where(and(eq(taskProgress.taskId, row.taskId), eq(taskProgress.userId, row.userId)));
  const task = await taskOf(db, row.taskId);
  await notifyUser(db, row.userId, {
    title: `任務已通過：${task.title}`,
    body: `獲得 ${input.points} 點。${input.feedback ? `回饋：${input.feedback}` : ''}`,
    category: 'task',
    link: `/tasks/${task.id}`,
  });
  const cls = await findAdminClass(db, task.classId);
  await certifyIfDone(db, cls, row.userId, now);
  return toSubmissionView(row);
}

/** Staff return a hand-in with what to change: the task is back in the learner's hands (需修改). */
export async function returnSubmission(
  db: Database,
  submissionId: string,
  reviewerId: string,
  feedback: string,
  now = new Date(),
): Promise<TaskSubmission> {
  const row = await decide(db, submissionId, reviewerId, { status: 'returned', feedback, points: null }, now);
  await db
    .update(taskProgress)
    .set({ reviewState: 'returned' })
    .where(and(eq(taskProgress.taskId, row.taskId), eq(taskProgress.userId, row.userId)));
  const task = await taskOf(db, row.taskId);
  await notifyUser(db, row.userId, {
    title: `任務需要修改：${task.title}`,
    body: `回饋：${feedback}`,
    category: 'task',
    link: `/tasks/${task.id}`,
  });
  return toSubmissionView(row);
}

/** A submitted file, for its learner (`userId`) or for staff (no `userId`). */
export async function openSubmissionFile(
  db: Database,
  blobs: BlobStore,
  submissionId: string,
  userId?: string,
) {
  const [row] = await db
    .select()
    .from(taskSubmissions)
    .where(
      userId
        ? and(eq(taskSubmissions.id, submissionId), eq(taskSubmissions.userId, userId))
        : eq(taskSubmissions.id, submissionId),
    )
    .limit(1);
  if (!row?.fileKey) throw submissionNotFound();
  const blob = await blobs.stream(row.fileKey);
  if (!blob) throw submissionNotFound();
  return { ...blob, name: row.fileName ?? 'file', type: row.fileType ?? 'application/octet-stream' };
}
