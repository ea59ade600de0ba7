import type { FastifyReply, FastifyRequest } from 'fastify';
import { auditImpersonation } from './audit-impersonation.ts';

/**
 * onResponse hook: every successful change made with an impersonation token (a nickname, the mail setting)
 * is written to the impersonation trail with the admin as its real actor (issue 35). Never fails the call.
 */
export async function auditImpersonatedChange(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = request.user;
  if (!user?.impersonatorId) return;
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
  if (reply.statusCode >= 400) return;
  const detail = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
  try {
    await auditImpersonation(request.server.db, {
      action: 'change',
      adminId: user.impersonatorId,
      learnerId: user.id,
      sessionId: user.sessionId,
      ip: request.ip,
      detail,
    });
  } catch (err) {
    request.log.error({ err, detail }, 'impersonation audit write failed');
  }
}
