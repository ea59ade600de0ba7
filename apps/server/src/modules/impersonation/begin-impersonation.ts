import { impersonationMessages } from '@atrium/protocol';
import type { Database } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import { findSessionUser } from '../account/index.ts';
import { auditImpersonation } from './audit-impersonation.ts';

/**
 * The portal's check before it swaps tokens (spec 1 §4): only a live, minted impersonation token is
 * honoured. A learner's own session token sent in `h_use_this_user_token` is refused (and logged), so a
 * link can no longer sign a victim into someone else's account.
 */
export async function beginImpersonation(
  db: Database,
  token: string,
  ip: string,
): Promise<{ userId: string; expiresAt: Date }> {
  const session = await findSessionUser(db, token);
  if (!session?.impersonatorId) {
    await auditImpersonation(db, {
      action: 'refused',
      adminId: null,
      learnerId: session?.id ?? null,
      sessionId: session?.sessionId ?? null,
      ip,
      detail: session ? 'not an impersonation token' : 'unknown or expired token',
    });
    throw forbidden(impersonationMessages.refused, 'impersonation_refused');
  }
  await auditImpersonation(db, {
    action: 'use',
    adminId: session.impersonatorId,
    learnerId: session.id,
    sessionId: session.sessionId,
    ip,
  });
  return { userId: session.id, expiresAt: session.expiresAt };
}
