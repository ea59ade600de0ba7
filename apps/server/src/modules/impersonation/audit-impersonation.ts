import type { Database } from '../../db/client.ts';
import { impersonationAudit } from '../../db/schema.ts';

export interface ImpersonationEvent {
  action: 'mint' | 'use' | 'refused' | 'change';
  adminId: string | null;
  learnerId: string | null;
  sessionId?: string | null;
  ip?: string;
  detail?: string;
}

/** Writes one line of the impersonation audit trail (ADR 0035); every mint, use and refusal goes here. */
export async function auditImpersonation(db: Database, event: ImpersonationEvent): Promise<void> {
  await db.insert(impersonationAudit).values({
    action: event.action,
    adminId: event.adminId,
    learnerId: event.learnerId,
    sessionId: event.sessionId ?? null,
    ip: (event.ip ?? '').slice(0, 64),
    detail: (event.detail ?? '').slice(0, 200),
  });
}
