import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { impersonationAudit } from '../../db/schema.ts';

/** The impersonation trail (ADR 0035), newest first, optionally for one learner or one admin. */
export async function listImpersonationAudit(
  db: Database,
  input: { learnerId?: string; adminId?: string; page: number; pageSize: number },
) {
  const filters: SQL[] = [];
  if (input.learnerId) filters.push(eq(impersonationAudit.learnerId, input.learnerId));
  if (input.adminId) filters.push(eq(impersonationAudit.adminId, input.adminId));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(impersonationAudit)
    .where(where);
  const rows = await db
    .select()
    .from(impersonationAudit)
    .where(where)
    .orderBy(desc(impersonationAudit.at), desc(impersonationAudit.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    total,
    entries: rows.map((r) => ({
      at: r.at.toISOString(),
      action: r.action,
      admin_id: r.adminId,
      learner_id: r.learnerId,
      session_id: r.sessionId,
      ip: r.ip,
      detail: r.detail,
    })),
  };
}
