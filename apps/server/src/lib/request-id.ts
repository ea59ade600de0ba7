import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A proxy's id (nginx's `$request_id`: 32 hex digits), a UUID or the like. Anything else — too long, spaces,
 * quotes, control characters — is a client's attempt to write into our logs and is replaced.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's genReqId: the incoming X-Request-Id when well formed, so one request can be followed from the proxy
 * through every process's log; otherwise a new UUID, unique across processes and restarts (ADR 0076).
 */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

/** onRequest: every answer, errors included, says which request it was. */
export function echoRequestId(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  reply.header('x-request-id', request.id);
  done();
}
