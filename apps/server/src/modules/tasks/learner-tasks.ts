import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { taskProgress, tasks } from '../../db/schema.ts';
import { classNames } from '../training/index.ts';

/** The tasks a learner accepted, with when they completed them, for the console's learner page. */
export async function learnerTasks(db: Database, userId: string) {
  const rows = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      classId: tasks.classId,
      acceptedAt: taskProgress.acceptedAt,
      completedAt: taskProgress.completedAt,
    })
    .from(taskProgress)
    .innerJoin(tasks, eq(tasks.id, taskProgress.taskId))
    .where(eq(taskProgress.userId, userId))
    .orderBy(desc(taskProgress.acceptedAt))
    .limit(200);
  const names = await classNames(
    db,
    rows.map((r) => r.classId),
  );
  // Every task belongs to a class (foreign key), so a name is always found.
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    class_name: names.get(r.classId) ?? '',
    accepted_at: r.acceptedAt.toISOString(),
    completed_at: r.completedAt?.toISOString() ?? null,
  }));
}
