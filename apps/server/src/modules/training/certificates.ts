import type { Certificate, CertificateVerification } from '@atrium/protocol/training';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { certificates } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { toCertificateView } from './certificate-view.ts';

const certificateNotFound = () => notFound('找不到這張證書', 'certificate_not_found');

/** GET …/certificates: my certificates of this class. */
export async function listCertificates(
  db: Database,
  classId: string,
  userId: string,
): Promise<Certificate[]> {
  const rows = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.classId, classId), eq(certificates.userId, userId)))
    .orderBy(desc(certificates.issuedAt));
  return rows.map(toCertificateView);
}

/** GET …/certificates/{certId}: one of mine; anyone else's is 404. */
export async function getCertificate(
  db: Database,
  classId: string,
  certId: string,
  userId: string,
): Promise<Certificate> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(
      and(eq(certificates.id, certId), eq(certificates.classId, classId), eq(certificates.userId, userId)),
    )
    .limit(1);
  if (!row) throw certificateNotFound();
  return toCertificateView(row);
}

/** GET /v1/certificates/verify/{verificationId}: public, so an employer can check a printed certificate. */
export async function verifyCertificate(
  db: Database,
  verificationId: string,
): Promise<CertificateVerification> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(eq(certificates.verificationId, verificationId))
    .limit(1);
  if (!row) throw certificateNotFound();
  const { id: _id, ...rest } = toCertificateView(row);
  return { ...rest, revoked_at: row.revokedAt?.toISOString() ?? null };
}
