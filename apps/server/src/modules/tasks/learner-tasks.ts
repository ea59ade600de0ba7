import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { taskProgress, tasks, trainingClasses } from '../../db/schema.ts';

/** The tasks a learner accepted, with when they completed them, for the console's learner page. */
export async function learnerTasks(db: Database, userId: string) {
  const rows = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      className: trainingClasses.name,
      acceptedAt: taskProgress.acceptedAt,
      completedAt: taskProgress.completedAt,
    })
    .from(taskProgress)
    .innerJoin(tasks, eq(tasks.id, taskProgress.taskId))
    .innerJoin(trainingClasses, eq(trainingClasses.id, tasks.classId))
    .where(eq(taskProgress.userId, userId))
    .orderBy(desc(taskProgress.acceptedAt))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    class_name: r.className,
    accepted_at: r.acceptedAt.toISOString(),
    completed_at: r.completedAt?.toISOString() ?? null,
  }));
}
