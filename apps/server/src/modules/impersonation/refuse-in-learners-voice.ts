import { impersonationMessages } from '@atrium/protocol';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import { auditImpersonation } from './audit-impersonation.ts';

/**
 * preHandler for what others read as the learner's own act (discussion posts, hand-ins, check-ins, accepting
 * or completing tasks): an admin viewing as the learner must not speak for them (issue 35). The refusal is
 * audited so the trail shows what was tried. Runs after requireUser.
 */
export async function refuseInLearnersVoice(request: FastifyRequest): Promise<void> {
  const user = request.user;
  if (!user?.impersonatorId) return;
  await auditImpersonation(request.server.db, {
    action: 'refused',
    adminId: user.impersonatorId,
    learnerId: user.id,
    sessionId: user.sessionId,
    ip: request.ip,
    detail: `${request.method} ${request.routeOptions.url ?? ''}`,
  });
  throw forbidden(impersonationMessages.notInLearnersVoice, 'impersonation_not_learners_voice');
}
