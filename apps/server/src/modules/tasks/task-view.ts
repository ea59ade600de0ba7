import type { TaskState, TaskView } from '@atrium/protocol/tasks';
import type { taskProgress, tasks } from '../../db/schema.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type ProgressRow = typeof taskProgress.$inferSelect;

/** completed beats expired: work done before the deadline stays done; expired = past due and not done. */
export function taskStateOf(task: TaskRow, progress: ProgressRow | null, now: Date): TaskState {
  if (progress?.completedAt) return 'completed';
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
  };
}
