import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { taskProgress, tasks } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { ClassRef } from './list-class-tasks.ts';
import { taskStateOf } from './task-view.ts';

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
