import { assistStatsQuery, assistStatsResponse } from '@atrium/protocol/assist';
import { security } from '@atrium/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assistStats } from './assist-stats.ts';

/** The admins' assist statistics (ADR 0065). Mounted at /v1/console/assist. */
export const assistStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      // Admins only, checked before the query is parsed.
      onRequest: app.requireAdmin,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['console: live assist'],
        security,
        summary: 'Live assist per agent over a period: sessions assisted, calls, remote control (admin)',
        querystring: assistStatsQuery,
        response: { 200: assistStatsResponse },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      return {
        from,
        to,
        agents: await assistStats(app.db, { from: new Date(from), to: new Date(to) }),
      };
    },
  );
};
