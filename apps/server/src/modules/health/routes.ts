import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
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
};
