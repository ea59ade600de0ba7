import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sharedReadiness } from './readiness.ts';

const check = z.enum(['ok', 'failed', 'not_configured']);
const readinessBody = z.object({
  ready: z.boolean(),
  checks: z.object({ database: check, blobs: check, redis: check }),
  failed: z.array(z.enum(['database', 'blobs', 'redis'])),
});

/**
 * Liveness (`/health`, unchanged: the process and its database answer) and readiness (`/health/ready`:
 * everything this process needs, 503 naming what failed, so a balancer sends traffic elsewhere; ADR 0052).
 * Liveness and readiness for load balancers: answers only when the database does. It also says where
 * rate-limit counters live, so an operator sees a Redis outage (limits then count per process).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness check',
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
      await app.db.execute(sql`select 1`);
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
        summary: 'Readiness: database, blob store and Redis (when configured); 503 names what failed',
        response: { 200: readinessBody, 503: readinessBody },
      },
    },
    async (_request, reply) => {
      const result = await sharedReadiness(app);
      return reply.status(result.ready ? 200 : 503).send(result);
    },
  );
};
