import type { TaskView } from '@atrium/protocol/tasks';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { taskProgress, tasks } from '../../db/schema.ts';
import { toTaskView } from './task-view.ts';

export interface ClassRef {
  id: string;
  name: string;
}

/** Every task of the given classes as one learner sees it, soonest due first. Unpublished only in preview. */
export async function listClassTasks(
  db: Database,
  classes: ClassRef[],
  userId: string,
  opts: { preview?: boolean; now?: Date } = {},
): Promise<TaskView[]> {
  if (classes.length === 0) return [];
  const now = opts.now ?? new Date();
  const names = new Map(classes.map((c) => [c.id, c.name]));
  const ids = classes.map((c) => c.id);
  const rows = await db
    .select({ task: tasks, progress: taskProgress })
    .from(tasks)
    .leftJoin(taskProgress, and(eq(taskProgress.taskId, tasks.id), eq(taskProgress.userId, userId)))
    .where(
      opts.preview
        ? inArray(tasks.classId, ids)
        : and(inArray(tasks.classId, ids), eq(tasks.published, true)),
    )
    .orderBy(asc(tasks.dueAt), asc(tasks.title));
  return rows.map((r) => toTaskView(r.task, r.progress, names.get(r.task.classId) ?? '', now));
}
