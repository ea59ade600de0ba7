import type { FastifyReply, FastifyRequest } from 'fastify';
import { auditImpersonation } from './audit-impersonation.ts';

/**
 * onSend hook: every successful change made with an impersonation token (a nickname, the mail setting) is
 * written to the impersonation trail with the admin as its real actor (issue 35), before the answer goes out,
 * so the trail is there once the admin sees the change. A failed write is logged, never fails the call.
 */
export async function auditImpersonatedChange<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: T,
): Promise<T> {
  const user = request.user;
  if (!user?.impersonatorId) return payload;
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
  if (reply.statusCode >= 400) return payload;
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
  return payload;
}
