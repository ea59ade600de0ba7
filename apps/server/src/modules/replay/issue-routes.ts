import { security } from '@atrium/protocol/http';
import {
  issueDetail,
  issueList,
  issueListQuery,
  issueParams,
  recordingEvent,
  recordingParams,
} from '@atrium/protocol/recordings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditRead } from '../../lib/audit-read.ts';
import { notFound } from '../../lib/errors.ts';
import { labelUsers } from '../account/index.ts';
import { getSessionSummary, listIssueOccurrences, listIssues, listSessionEvents } from '../ingest/index.ts';

const tags = ['console: replay'];

/**
 * The moments the detectors found at ingest (ADR 0057): a session's, for the player's timeline, and the
 * Issues screen's exceptions grouped by fingerprint. Mounted under the replay routes (staff only).
 */
export const issueRoutes: FastifyPluginAsyncZod = async (app) => {
  const idleSeconds = app.config.ingest.sessionIdleSeconds;

  app.get(
    '/sessions/:id/events',
    {
      schema: {
        tags,
        security,
        summary: 'Rage, dead and error clicks, pointer shakes and exceptions found in a session',
        params: recordingParams,
        response: { 200: z.array(recordingEvent) },
      },
    },
    async (request) => {
      const session = await getSessionSummary(app.db, request.params.id, idleSeconds);
      return listSessionEvents(app.db, session.id);
    },
  );

  app.get(
    '/issues',
    {
      schema: {
        tags,
        security,
        summary: 'Exceptions grouped by fingerprint: count, sessions, learners, first and last seen, per day',
        querystring: issueListQuery,
        response: { 200: issueList },
      },
    },
    async (request) => {
      const q = request.query;
      const result = await listIssues(app.db, {
        projectId: q.project_id,
        days: q.days,
        page: q.page,
        pageSize: q.page_size,
      });
      return { ...result, page: q.page, page_size: q.page_size, days: q.days };
    },
  );

  app.get(
    '/issues/:fingerprint',
    {
      schema: {
        tags,
        security,
        summary: 'An issue and its newest occurrences, each with its learner (audited: it names learners)',
        params: issueParams,
        response: { 200: issueDetail },
      },
    },
    async (request) => {
      const { fingerprint } = request.params;
      const rows = await listIssueOccurrences(app.db, fingerprint);
      if (rows.length === 0) throw notFound('找不到此問題', 'issue_not_found');
      await auditRead(request, { fingerprint });
      const { issues } = await listIssues(app.db, { days: 90, page: 1, pageSize: 1, fingerprint });
      const labels = await labelUsers(
        app.db,
        rows.flatMap((r) => r.learnerId ?? []),
      );
      const issue = issues[0];
      if (!issue) throw notFound('找不到此問題', 'issue_not_found');
      return {
        issue,
        occurrences: rows.map((r) => {
          const learner = r.learnerId ? labels.get(r.learnerId) : undefined;
          return {
            session_id: r.sessionId,
            tab_id: r.tabId,
            at: r.at,
            message: r.message,
            learner_email: learner?.email ?? null,
            learner_nickname: learner?.nickname ?? null,
          };
        }),
      };
    },
  );
};
