import { redactUrl } from '@atrium/protocol/redact-url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

// Built files and the favicon: a page load fetches dozens; their lines would bury the calls that matter.
const STATIC = /^\/(assets\/|tracker\/|console\/assets\/|favicon)/;

/**
 * One log line per request, when it is answered: `GET /v1/entry 200 3 ms` (development) or the same fields
 * as JSON (production). Replaces Fastify's two lines per request (ADR 0018). Successful static files are not
 * logged outside debug level; a failed one is.
 */
export const requestLog = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (request, reply) => {
      const status = reply.statusCode;
      const quiet = STATIC.test(request.url) && status < 400;
      const level = status >= 500 ? 'error' : quiet ? 'debug' : 'info';
      const ms = Math.round(reply.elapsedTime);
      request.log[level](
        { method: request.method, url: pathOf(request), status, ms },
        `${request.method} ${pathOf(request)} ${status} ${ms} ms`,
      );
    });
  },
  { name: 'request-log' },
);

/** The URL with every secret in it redacted: mailed links, impersonation, calendar feeds (ADR 0012). */
const pathOf = (request: FastifyRequest) => redactUrl(request.url);
