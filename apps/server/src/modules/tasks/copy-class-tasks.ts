import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tasks } from '../../db/schema.ts';
import { copyOfRow } from '../../lib/copy-of-row.ts';

/** The columns a copied task does not take from its source; every other column is copied. */
export const TASK_NOT_COPIED = ['id', 'classId', 'createdAt'] as const;

/**
 * A copied class (training's class copy) gets the tasks of the class it came from: what they ask, due date,
 * points, hand-in kind, review and draft state; never progress or hand-ins. Nothing is announced here: the
 * copy starts unpublished, and publishing it announces its open tasks once (announceOpenTasks).
 */
export async function copyClassTasks(db: Database, fromClassId: string, toClassId: string): Promise<number> {
  const rows = await db.select().from(tasks).where(eq(tasks.classId, fromClassId));
  if (rows.length === 0) return 0;
  await db.insert(tasks).values(rows.map((t) => ({ ...copyOfRow(t, TASK_NOT_COPIED), classId: toClassId })));
  return rows.length;
}
