import type { ReviewState, SubmissionKind, TaskState, TaskView } from '@atrium/protocol/tasks';
import type { taskProgress, tasks } from '../../db/schema.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type ProgressRow = typeof taskProgress.$inferSelect;

/**
 * completed beats expired: work done before the deadline stays done; expired = past due and not done. Work
 * handed in on time and awaiting review stays in progress past the deadline: the wait is the staff's, not the
 * learner's (ADR 0055).
 */
export function taskStateOf(task: TaskRow, progress: ProgressRow | null, now: Date): TaskState {
  if (progress?.completedAt) return 'completed';
  if (progress?.reviewState === 'pending') return 'accepted';
  if (task.dueAt.getTime() <= now.getTime()) return 'expired';
  if (progress) return 'accepted';
  return 'available';
}

export function toTaskView(
  task: TaskRow,
  progress: ProgressRow | null,
  className: string,
  now: Date,
): TaskView {
  return {
    id: task.id,
    class_id: task.classId,
    class_name: className,
    title: task.title,
    description: task.description,
    due_at: task.dueAt.toISOString(),
    points: task.points,
    published: task.published,
    state: taskStateOf(task, progress, now),
    accepted_at: progress?.acceptedAt.toISOString() ?? null,
    completed_at: progress?.completedAt?.toISOString() ?? null,
    submission_kind: task.submissionKind as SubmissionKind,
    review: task.review,
    review_state: (progress?.reviewState as ReviewState | null | undefined) ?? null,
    points_awarded: progress?.completedAt ? (progress.pointsAwarded ?? task.points) : null,
  };
}
