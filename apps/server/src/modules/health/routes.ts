import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Liveness and readiness for load balancers: answers only when the database does. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness check',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { ok: true as const };
    },
  );
};
