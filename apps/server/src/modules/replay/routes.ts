import { security } from '@atrium/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditRead } from '../../lib/audit-read.ts';
import { labelUsers } from '../account/index.ts';
import {
  deleteSession,
  getSessionSummary,
  listSessionBatches,
  streamSessionMessages,
} from '../ingest/index.ts';
import { listAudit } from './list-audit.ts';
import { recordRead } from './record-read.ts';
import { searchFilters, searchSessions } from './search-sessions.ts';

const tags = ['console: replay'];

const sessionView = z.object({
  id: z.string(),
  projectId: z.string(),
  userUUID: z.string(),
  /** The id the page claimed; `verifiedUserId` is the learner the server verified (ADR 0045). */
  userId: z.string().nullable(),
  verifiedUserId: z.string().nullable(),
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
  impersonated: z.boolean(),
  durationMs: z.number(),
  pages: z.number(),
  clicks: z.number(),
  errors: z.number(),
  failedRequests: z.number(),
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
const learnerView = { learnerEmail: z.string().nullable(), learnerNickname: z.string().nullable() };
const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const auditEntry = z.object({
  staffId: z.string(),
  staffEmail: z.string(),
  sessionId: z.string(),
  action: z.enum(['summary', 'batches', 'messages', 'delete', 'live_view', 'tab_recording']),
  at: z.string(),
});

/**
 * Staff reads of recorded sessions for the replay console (ADR 0027). Mounted at /v1/console. Every read
 * of a recording is written to the audit log first; deleting and reading the log are an admin's.
 */
export const replayRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: callers who are not staff (agent or admin) are refused before their body is even read.
  app.addHook('onRequest', app.requireAgent);
  const idleSeconds = app.config.ingest.sessionIdleSeconds;

  app.get(
    '/sessions',
    {
      schema: {
        tags,
        security,
        summary:
          'Search recorded sessions (learner, dates, duration, pages, errors, failed requests, browser, OS, page address; audited)',
        querystring: z.object({
          projectId: z.uuid().optional(),
          userId: z.string().max(500).optional(),
          /** A learner's id, e-mail or nickname (contains). */
          learner: z.string().trim().min(1).max(200).optional(),
          from: z.iso.datetime({ offset: true }).optional(),
          to: z.iso.datetime({ offset: true }).optional(),
          minDurationMs: z.coerce.number().int().min(0).max(864_000_000).optional(),
          maxDurationMs: z.coerce.number().int().min(0).max(864_000_000).optional(),
          minPages: z.coerce.number().int().min(0).max(1_000_000).optional(),
          hasErrors: bool.optional(),
          hasFailedRequests: bool.optional(),
          browser: z.string().trim().min(1).max(100).optional(),
          os: z.string().trim().min(1).max(100).optional(),
          /** The page address the recording started on contains this. */
          url: z.string().trim().min(1).max(500).optional(),
          sort: z.enum(['startedAt', 'duration', 'pages', 'errors']).default('startedAt'),
          order: z.enum(['asc', 'desc']).default('desc'),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
            sessions: z.array(sessionView.extend(learnerView)),
          }),
        },
      },
    },
    async (request) => {
      const q = request.query;
      await auditRead(request, searchFilters(q));
      const result = await searchSessions(app.db, {
        ...q,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
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
        summary: 'A session summary with its learner and tabs (audited)',
        params: sessionParams,
        response: {
          200: sessionView.extend(learnerView).extend({ tabs: z.array(z.string()) }),
        },
      },
    },
    async (request) => {
      const summary = await getSessionSummary(app.db, request.params.id, idleSeconds);
      await recordRead(app.db, request.user!, summary.id, 'summary');
      const batches = await listSessionBatches(app.db, summary.id);
      // The verified learner when there is one, else the claimed id's account (the console marks it claimed).
      const learnerId = summary.verifiedUserId ?? summary.userId;
      const learner = learnerId ? (await labelUsers(app.db, [learnerId])).get(learnerId) : null;
      return {
        ...summary,
        learnerEmail: learner?.email ?? null,
        learnerNickname: learner?.nickname ?? null,
        tabs: [...new Set(batches.map((b) => b.tabId))],
      };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      // Admins only, checked before anything else.
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Delete a recording and its stored batches (admin)',
        params: sessionParams,
      },
    },
    async (request, reply) => {
      await deleteSession(app.db, app.blobs, request.params.id);
      await recordRead(app.db, request.user!, request.params.id, 'delete');
      return reply.code(204).send();
    },
  );

  app.get(
    '/audit',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Who read which recording, newest first (admin)',
        querystring: z.object({
          sessionId: z.uuid().optional(),
          staffId: z.uuid().optional(),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 200: z.object({ total: z.number(), entries: z.array(auditEntry) }) },
      },
    },
    async (request) => listAudit(app.db, request.query),
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
    async (request) => {
      const batches = await listSessionBatches(app.db, request.params.id);
      await recordRead(app.db, request.user!, request.params.id, 'batches');
      return batches;
    },
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
      await recordRead(app.db, request.user!, request.params.id, 'messages');
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
