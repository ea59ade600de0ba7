import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { certificates } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { issueCertificate } from './issue-certificate.ts';

type Row = typeof certificates.$inferSelect;
const toAdmin = (r: Row) => ({
  id: r.id,
  user_id: r.userId,
  verification_id: r.verificationId,
  learner_name: r.learnerName,
  issued_at: r.issuedAt.toISOString(),
  revoked_at: r.revokedAt?.toISOString() ?? null,
});

export async function listClassCertificates(db: Database, classId: string) {
  const rows = await db
    .select()
    .from(certificates)
    .where(eq(certificates.classId, classId))
    .orderBy(desc(certificates.issuedAt));
  return rows.map(toAdmin);
}

/**
 * Issues the certificate of every completer (`completers`: from the tasks module) who has none yet;
 * an existing one, revoked or not, is left as it is — re-issuing a revoked one is a separate decision.
 */
export async function issueForCompleters(
  db: Database,
  cls: { id: string; name: string },
  completers: string[],
) {
  const before = new Set((await listClassCertificates(db, cls.id)).map((c) => c.user_id));
  for (const userId of completers) if (!before.has(userId)) await issueCertificate(db, cls, userId);
  const items = await listClassCertificates(db, cls.id);
  return { issued: items.filter((c) => !before.has(c.user_id)).length, items };
}

/** Revoked certificates stay on record so public verification can say "revoked" rather than "unknown". */
export async function revokeCertificate(db: Database, classId: string, certId: string) {
  const [row] = await db
    .update(certificates)
    .set({ revokedAt: new Date() })
    .where(and(eq(certificates.id, certId), eq(certificates.classId, classId)))
    .returning();
  if (!row) throw notFound('找不到這張證書', 'certificate_not_found');
  return toAdmin(row);
}
