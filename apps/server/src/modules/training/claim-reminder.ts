import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { trainingReminders } from '../../db/schema.ts';

/** True the first time a reminder key is claimed; every later call (or another process) gets false. */
export async function claimReminder(db: Database, key: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .insert(trainingReminders)
    .values({ key, sentAt: now })
    .onConflictDoNothing()
    .returning({ key: trainingReminders.key });
  return rows.length > 0;
}

/** Forgets that a reminder went out, so a moved deadline or session start gets its own reminder. */
export async function rearmReminder(db: Database, key: string): Promise<void> {
  await db.delete(trainingReminders).where(eq(trainingReminders.key, key));
}
