import { desc } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { consoleAudit } from '../db/schema.ts';

/** The latest console changes, newest first (admins read them in the console). */
export async function listAuditChanges(db: Database, limit = 200) {
  const rows = await db.select().from(consoleAudit).orderBy(desc(consoleAudit.at)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    actor_id: r.actorId,
    actor_email: r.actorEmail,
    action: r.action,
    target: r.target,
    status: r.status,
    at: r.at.toISOString(),
  }));
}
