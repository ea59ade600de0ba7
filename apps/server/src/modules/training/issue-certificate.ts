import type { Certificate } from '@atrium/protocol/training';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { certificates } from '../../db/schema.ts';
import { randomToken } from '../../lib/tokens.ts';
import { toCertificateView } from './certificate-view.ts';
import { learnerName } from './learner-name.ts';

/** Issues a learner's certificate for a class once; later calls return the one already issued. */
export async function issueCertificate(
  db: Database,
  cls: { id: string; name: string },
  userId: string,
  now = new Date(),
): Promise<Certificate> {
  await db
    .insert(certificates)
    .values({
      classId: cls.id,
      userId,
      // 96 random bits, URL-safe: printed on the page and typed by verifiers, so short but unguessable.
      verificationId: randomToken(12),
      className: cls.name,
      learnerName: await learnerName(db, userId),
      issuedAt: now,
    })
    .onConflictDoNothing({ target: [certificates.classId, certificates.userId] });
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.classId, cls.id), eq(certificates.userId, userId)))
    .limit(1);
  return toCertificateView(row!);
}
