import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sharedReadiness } from './readiness.ts';

const check = z.enum(['ok', 'failed', 'not_configured', 'not_required']);
const readinessBody = z.object({
  ready: z.boolean(),
  checks: z.object({ database: check, blobs: check, redis: check }),
  failed: z.array(z.enum(['database', 'blobs', 'redis'])),
});

/**
 * Liveness (`/health`: this process answers; nothing outside it is asked, so a database outage never gets
 * every process restarted) and readiness (`/health/ready`: what this process's services cannot work without,
 * 503 naming what failed, so a balancer sends traffic elsewhere; ADR 0052, 0077). Liveness also says where
 * rate-limit counters live, so an operator sees a Redis outage (limits then count per process).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each scrape refreshes the readiness gauges (a shared probe: at most one a second).
  app.metrics.beforeScrape(async () => {
    await sharedReadiness(app);
  });

  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (no dependency is checked)',
        response: {
          200: z.object({
            ok: z.literal(true),
            rateLimits: z.enum(['per-process', 'shared', 'per-process-fallback']),
            degraded: z.boolean(),
          }),
        },
      },
    },
    async () => {
      const rateLimits = app.rateLimitState.mode;
      return { ok: true as const, rateLimits, degraded: rateLimits === 'per-process-fallback' };
    },
  );

  app.get(
    '/health/ready',
    {
      // Probes are shared for a second per process (sharedReadiness), so the limit only bounds the answers:
      // high enough for a balancer probing several processes from one address every second (the counters
      // are shared through Redis).
      config: { rateLimit: { max: 1200, timeWindow: 60_000 } },
      schema: {
        tags: ['system'],
        summary:
          "Readiness: what this process's services need (database; bucket for ingest; Redis for shared assist rooms); 503 names what failed",
        response: { 200: readinessBody, 503: readinessBody },
      },
    },
    async (_request, reply) => {
      const result = await sharedReadiness(app);
      return reply.status(result.ready ? 200 : 503).send(result);
    },
  );
};
