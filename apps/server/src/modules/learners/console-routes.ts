import {
  auditList,
  learnerDetail,
  learnerList,
  learnerParams,
  learnerPatch,
  learnerSearchQuery,
  learnerSummary,
} from '@atrium/protocol/community';
import { errorBody, security } from '@atrium/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../lib/audit-change.ts';
import { auditRead } from '../../lib/audit-read.ts';
import { listAuditChanges } from '../../lib/list-audit-changes.ts';
import {
  backgroundWorkOf,
  changeLearner,
  getLearner,
  resendVerificationFor,
  searchLearners,
  toLearnerSummary,
} from '../account/index.ts';
import { listSessions } from '../ingest/index.ts';
import { learnerTasks } from '../tasks/index.ts';
import { learnerTraining } from '../training/index.ts';

const tags = ['console: community'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * Learners for the console: search, a profile with classes, tasks, check-ins, certificates and recorded
 * sessions; disable, resend verification, change role. Composes the owning modules' functions.
 */
export const learnerConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  // Agents read; only admins change anything (ADR 0025).
  const read = { onRequest: app.requireAgent };
  const change = { onRequest: app.requireAdmin };
  app.addHook('onResponse', auditChange);
  const { mailer } = backgroundWorkOf(app);
  const db = app.db;

  app.get(
    '/audit',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'The latest 200 changes made through the community console (admin)',
        response: { 200: auditList, ...errors },
      },
    },
    async () => ({ items: await listAuditChanges(db) }),
  );
  app.get(
    '/learners',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Search accounts by e-mail or nickname, 20 a page',
        querystring: learnerSearchQuery,
        response: { 200: learnerList, ...errors },
      },
    },
    async (request) => searchLearners(db, request.query.q, request.query.page, request.query.role),
  );
  app.get(
    '/learners/:userId',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'A learner with their classes, tasks, check-ins, certificates and recordings (audited)',
        params: learnerParams,
        response: { 200: learnerDetail, ...errors },
      },
    },
    async (request) => {
      const user = await getLearner(db, request.params.userId);
      await auditRead(request, { userId: user.id });
      const recorded = await listSessions(db, {
        userIds: [user.id],
        sort: 'started_at',
        order: 'desc',
        page: 1,
        pageSize: 20,
        idleSeconds: app.config.ingest.sessionIdleSeconds,
      });
      return {
        ...toLearnerSummary(user),
        first_name: user.firstName ?? '',
        last_name: user.lastName ?? '',
        ...(await learnerTraining(db, user.id)),
        tasks: await learnerTasks(db, user.id),
        recordings: recorded.sessions.map((s) => ({
          id: s.id,
          started_at: s.started_at,
          replay_path: `/console/sessions/${encodeURIComponent(s.id)}`,
        })),
      };
    },
  );
  app.patch(
    '/learners/:userId',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Disable or re-enable an account, or change its role (admin)',
        params: learnerParams,
        body: learnerPatch,
        response: { 200: learnerSummary, ...errors },
      },
    },
    async (request) => changeLearner(db, request.user!.id, request.params.userId, request.body),
  );
  app.post(
    '/learners/:userId/resend-verification',
    {
      ...change,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Mail the verification link again to an unverified account',
        params: learnerParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await resendVerificationFor(
        { db, config: app.config, log: app.log, mail: mailer.send },
        request.params.userId,
      );
      return reply.status(204).send(null);
    },
  );
};
