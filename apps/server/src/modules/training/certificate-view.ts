import type { Certificate } from '@atrium/protocol/training';
import type { certificates } from '../../db/schema.ts';

export type CertificateRow = typeof certificates.$inferSelect;

export function toCertificateView(row: CertificateRow): Certificate {
  return {
    id: row.id,
    verification_id: row.verificationId,
    class_id: row.classId,
    class_name: row.className,
    learner_name: row.learnerName,
    issued_at: row.issuedAt.toISOString(),
  };
}
