import { security } from '@atrium/protocol/http';
import {
  recordingAuditPage,
  recordingAuditQuery,
  recordingBatch,
  recordingDetail,
  recordingParams,
  recordingSearchQuery,
  recordingSearchResult,
} from '@atrium/protocol/recordings';
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
import { clickMapRoutes } from './click-map-routes.ts';
import { issueRoutes } from './issue-routes.ts';
import { listAudit } from './list-audit.ts';
import { noteRoutes } from './note-routes.ts';
import { recordRead } from './record-read.ts';
import { searchFilters, searchSessions } from './search-sessions.ts';

const tags = ['console: replay'];

/**
 * Staff reads of recorded sessions for the replay console (ADR 0027). Mounted at /v1/console. Every read
 * of a recording is written to the audit log first; deleting and reading the log are an admin's.
 */
export const replayRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: callers who are not staff (agent or admin) are refused before their body is even read.
  app.addHook('onRequest', app.requireAgent);
  const idleSeconds = app.config.ingest.sessionIdleSeconds;
  // The moments found at ingest and the Issues screen (ADR 0057), behind the same staff check.
  await app.register(issueRoutes);
  // Notes on a recording's moments (ADR 0064), audited as console changes.
  await app.register(noteRoutes);
  // Where clicks land on each page (ADR 0064).
  await app.register(clickMapRoutes);

  app.get(
    '/sessions',
    {
      schema: {
        tags,
        security,
        summary:
          'Search recorded sessions (learner, dates, duration, pages, errors, failed requests, browser, OS, page address; audited)',
        querystring: recordingSearchQuery,
        response: { 200: recordingSearchResult },
      },
    },
    async (request) => {
      const q = request.query;
      await auditRead(request, searchFilters(q));
      const result = await searchSessions(app.db, q, idleSeconds);
      return {
        total: result.total,
        total_capped: result.total_capped,
        page: q.page,
        page_size: q.page_size,
        sessions: result.sessions,
      };
    },
  );

  app.get(
    '/sessions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A session summary with its learner and tabs (audited)',
        params: recordingParams,
        response: { 200: recordingDetail },
      },
    },
    async (request) => {
      const summary = await getSessionSummary(app.db, request.params.id, idleSeconds);
      await recordRead(app.db, request.user!, summary.id, 'summary');
      const batches = await listSessionBatches(app.db, summary.id);
      // The verified learner when there is one, else the claimed id's account (the console marks it claimed).
      const learnerId = summary.verified_user_id ?? summary.user_id;
      const learner = learnerId ? (await labelUsers(app.db, [learnerId])).get(learnerId) : null;
      return {
        ...summary,
        learner_email: learner?.email ?? null,
        learner_nickname: learner?.nickname ?? null,
        tabs: [...new Set(batches.map((b) => b.tab_id))],
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
        params: recordingParams,
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
        querystring: recordingAuditQuery,
        response: { 200: recordingAuditPage },
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
        params: recordingParams,
        response: { 200: z.array(recordingBatch) },
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
        params: recordingParams,
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
