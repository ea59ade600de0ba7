import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  getSessionSummary,
  listSessionBatches,
  listSessions,
  streamSessionMessages,
} from '../ingest/read-sessions.ts';

const tags = ['console: replay'];
const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

const sessionView = z.object({
  id: z.string(),
  projectId: z.string(),
  userUUID: z.string(),
  userId: z.string().nullable(),
  userBrowser: z.string(),
  userOS: z.string(),
  userDevice: z.string(),
  userCountry: z.string(),
  userState: z.string(),
  userCity: z.string(),
  timezone: z.string(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
  referrer: z.string(),
  trackerVersion: z.string(),
  startedAt: z.string(),
  lastActivityAt: z.string(),
  ended: z.boolean(),
  durationMs: z.number(),
  pages: z.number(),
  clicks: z.number(),
  errors: z.number(),
  batches: z.number(),
  messages: z.number(),
  bytes: z.number(),
});
const batchView = z.object({
  batchId: z.string(),
  tabId: z.string(),
  pageNo: z.number(),
  seq: z.number(),
  bytes: z.number(),
  messageCount: z.number(),
  firstTimestamp: z.number().nullable(),
  lastTimestamp: z.number().nullable(),
  receivedAt: z.string(),
});
const sessionParams = z.object({ id: z.uuid() });

/** Staff reads of recorded sessions for the replay console. Mounted at /v1/console. */
export const replayRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: callers who are not staff are refused before their body is even read.
  app.addHook('onRequest', app.requireStaff);
  const idleSeconds = app.config.ingest.sessionIdleSeconds;

  app.get(
    '/sessions',
    {
      schema: {
        tags,
        security,
        summary: 'Recorded sessions, newest first',
        querystring: z.object({
          projectId: z.uuid().optional(),
          userId: z.string().max(500).optional(),
          hasErrors: z.enum(['true', 'false']).optional(),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
            sessions: z.array(sessionView),
          }),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const result = await listSessions(app.db, {
        projectId: q.projectId,
        userId: q.userId,
        hasErrors: q.hasErrors === undefined ? undefined : q.hasErrors === 'true',
        page: q.page,
        pageSize: q.pageSize,
        idleSeconds,
      });
      return { total: result.total, page: q.page, pageSize: q.pageSize, sessions: result.sessions };
    },
  );

  app.get(
    '/sessions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A session summary',
        params: sessionParams,
        response: { 200: sessionView },
      },
    },
    async (request) => getSessionSummary(app.db, request.params.id, idleSeconds),
  );

  app.get(
    '/sessions/:id/batches',
    {
      schema: {
        tags,
        security,
        summary: "A session's stored batches in order",
        params: sessionParams,
        response: { 200: z.array(batchView) },
      },
    },
    async (request) => listSessionBatches(app.db, request.params.id),
  );

  // The body is a stream (NDJSON), so it has no response schema to serialise against.
  app.get(
    '/sessions/:id/messages',
    {
      schema: {
        tags,
        security,
        summary: "A session's messages as NDJSON, one line per batch ({tabId, pageNo, seq, messages})",
        params: sessionParams,
      },
    },
    async (request, reply) => {
      const stream = await streamSessionMessages(app.db, app.blobs, request.params.id);
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
