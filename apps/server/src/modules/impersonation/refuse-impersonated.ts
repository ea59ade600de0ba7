import { impersonationMessages } from '@atrium/protocol';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors.ts';

/**
 * onRequest/preHandler for credential changes (password, e-mail, linked accounts): an admin viewing as a
 * learner must not be able to take the account over. Runs after requireUser.
 */
export async function refuseImpersonated(request: FastifyRequest): Promise<void> {
  if (request.user?.impersonatorId)
    throw forbidden(impersonationMessages.readOnly, 'impersonation_read_only');
}
