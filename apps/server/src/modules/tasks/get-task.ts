import type { TaskView } from '@atrium/protocol/tasks';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { ClassRef } from './list-class-tasks.ts';
import { listClassTasks } from './list-class-tasks.ts';

/** One task among the given classes (the learner's own), or 404: other classes' tasks are never shown. */
export async function getTask(
  db: Database,
  classes: ClassRef[],
  taskId: string,
  userId: string,
): Promise<TaskView> {
  const task = (await listClassTasks(db, classes, userId)).find((t) => t.id === taskId);
  if (!task) throw notFound('找不到這個任務', 'task_not_found');
  return task;
}
