import type { FastifyInstance } from 'fastify';

/**
 * The tracker runs on other sites' pages: every origin may call ingest. No cookies are involved
 * (credentials are not allowed with `*`); the session token travels as a Bearer header.
 */
export function registerIngestCors(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  app.options('/*', { schema: { hide: true } }, async (_request, reply) => {
    reply
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', 'authorization, content-type, content-encoding')
      .header('access-control-max-age', '86400')
      .status(204)
      .send();
  });
}
