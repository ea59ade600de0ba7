import type { FastifyReply, FastifyRequest } from 'fastify';
import { consoleAudit } from '../db/schema.ts';

/**
 * The one place console changes are written to the audit trail (`console_audit`): who, which call, on what,
 * with what outcome, for every successful change. An onResponse hook, so it never delays or fails the call
 * itself; a failed write is logged instead.
 */
export async function auditChange(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
  const entry = {
    actorId: request.user?.id ?? null,
    actorEmail: request.user?.email ?? '',
    action: `${request.method} ${request.routeOptions.url ?? request.url}`,
    target: (request.params ?? {}) as Record<string, string>,
    status: reply.statusCode,
  };
  try {
    await request.server.db.insert(consoleAudit).values(entry);
  } catch (err) {
    request.log.error({ err, audit: entry }, 'console audit write failed');
  }
}
