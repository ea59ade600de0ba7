import type { RecordingAuditPage } from '@atrium/protocol/recordings';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { replayAudit } from '../../db/schema.ts';

/** The audit trail of recording reads, newest first, optionally for one session or one staff member. */
export async function listAudit(
  db: Database,
  input: { session_id?: string; staff_id?: string; page: number; page_size: number },
): Promise<RecordingAuditPage> {
  const filters: SQL[] = [];
  if (input.session_id) filters.push(eq(replayAudit.sessionId, input.session_id));
  if (input.staff_id) filters.push(eq(replayAudit.staffId, input.staff_id));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(replayAudit).where(where);
  const rows = await db
    .select()
    .from(replayAudit)
    .where(where)
    .orderBy(desc(replayAudit.at), desc(replayAudit.id))
    .limit(input.page_size)
    .offset((input.page - 1) * input.page_size);
  return {
    total,
    entries: rows.map((r) => ({
      staff_id: r.staffId,
      staff_email: r.staffEmail,
      session_id: r.sessionId,
      action: r.action,
      at: r.at.toISOString(),
    })),
  };
}
