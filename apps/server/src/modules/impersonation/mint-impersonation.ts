import { impersonationMessages } from '@atrium/protocol';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { createSession, findUserByEmail, findUserById } from '../account/index.ts';
import { auditImpersonation } from './audit-impersonation.ts';

export interface MintedImpersonation {
  token: string;
  expiresAt: Date;
}

/**
 * An admin borrows a learner's identity for a limited time: a session of its own kind (bound to both,
 * stored hashed like every session) that the server kills at the limit. Staff accounts cannot be borrowed:
 * that would hand one admin another's console rights.
 */
export async function mintImpersonation(
  db: Database,
  input: {
    adminId: string;
    /** The admin's own session: signing out of the impersonation signs it out too (ADR 0043). */
    adminSessionId: string;
    learner: { id?: string; email?: string };
    seconds: number;
    ip: string;
    userAgent?: string;
  },
): Promise<MintedImpersonation> {
  const learner = input.learner.id
    ? await findUserById(db, input.learner.id)
    : await findUserByEmail(db, input.learner.email ?? '');
  if (!learner) throw notFound(impersonationMessages.learnerNotFound, 'learner_not_found');
  if (learner.role !== 'learner') {
    throw badRequest('not_a_learner', impersonationMessages.notALearner);
  }
  const expiresAt = new Date(Date.now() + input.seconds * 1000);
  const session = await createSession(db, {
    userId: learner.id,
    ttlDays: 0,
    ip: input.ip,
    userAgent: input.userAgent,
    impersonation: { adminId: input.adminId, adminSessionId: input.adminSessionId, expiresAt },
  });
  await auditImpersonation(db, {
    action: 'mint',
    adminId: input.adminId,
    learnerId: learner.id,
    sessionId: session.sessionId,
    ip: input.ip,
    detail: `${input.seconds}s`,
  });
  return { token: session.token, expiresAt };
}
