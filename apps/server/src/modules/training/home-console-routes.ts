import { todaySessions } from '@atrium/protocol/progress';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, security, staffAccess, tags } from './console-schema.ts';
import { listTodaySessions } from './today-sessions.ts';

/** What the console home shows of training: today's class sessions (ADR 0062). Every staff member reads. */
export const homeConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { read } = staffAccess(app);
  app.get(
    '/sessions/today',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: "Today's class sessions (the Asia/Taipei day) with members and check-ins",
        response: { 200: todaySessions, ...errors },
      },
    },
    async () => listTodaySessions(app.db),
  );
};
