import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { replayAudit } from '../../db/schema.ts';

/** The audit trail of recording reads, newest first, optionally for one session or one staff member. */
export async function listAudit(
  db: Database,
  input: { sessionId?: string; staffId?: string; page: number; pageSize: number },
) {
  const filters: SQL[] = [];
  if (input.sessionId) filters.push(eq(replayAudit.sessionId, input.sessionId));
  if (input.staffId) filters.push(eq(replayAudit.staffId, input.staffId));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(replayAudit).where(where);
  const rows = await db
    .select()
    .from(replayAudit)
    .where(where)
    .orderBy(desc(replayAudit.at), desc(replayAudit.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    total,
    entries: rows.map((r) => ({
      staffId: r.staffId,
      staffEmail: r.staffEmail,
      sessionId: r.sessionId,
      action: r.action,
      at: r.at.toISOString(),
    })),
  };
}
