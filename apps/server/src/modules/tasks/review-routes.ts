import { classIdParams } from '@atrium/protocol/community';
import { errorBody, security } from '@atrium/protocol/http';
import {
  acceptSubmissionBody,
  returnSubmissionBody,
  reviewQueue,
  submissionParams,
  taskSubmission,
} from '@atrium/protocol/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRead } from '../../lib/audit-read.ts';
import {
  acceptSubmission,
  reviewQueue as loadQueue,
  openSubmissionFile,
  returnSubmission,
} from './review-submissions.ts';
import { sendFile } from './send-file.ts';

const tags = ['console: community'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * The review queue of a class and the two decisions (ADR 0055). Agents read; admins decide (ADR 0025). Mounted
 * inside the task console routes, so every decision is audited like other staff changes.
 */
export const reviewConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { onRequest: app.requireAgent };
  const change = { onRequest: app.requireAdmin };
  const db = app.db;

  app.get(
    '/classes/:id/reviews',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Hand-ins awaiting review in a class, oldest first',
        params: classIdParams,
        response: { 200: reviewQueue, ...errors },
      },
    },
    async (request) => ({ items: await loadQueue(db, request.params.id) }),
  );
  app.post(
    '/submissions/:submissionId/accept',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Accept a hand-in with points and feedback: the task is completed',
        params: submissionParams,
        body: acceptSubmissionBody,
        response: { 200: taskSubmission, ...errors },
      },
    },
    async (request) => acceptSubmission(db, request.params.submissionId, request.user!.id, request.body),
  );
  app.post(
    '/submissions/:submissionId/return',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Return a hand-in with feedback: the learner may hand in again',
        params: submissionParams,
        body: returnSubmissionBody,
        response: { 200: taskSubmission, ...errors },
      },
    },
    async (request) =>
      returnSubmission(db, request.params.submissionId, request.user!.id, request.body.feedback),
  );
  app.get(
    '/submissions/:submissionId/file',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'A handed-in file (audited: it leaves the system)',
        params: submissionParams,
      },
    },
    async (request, reply) => {
      const file = await openSubmissionFile(db, app.blobs, request.params.submissionId);
      // Like the progress CSV: a learner's work leaving the system names who took it (issue 35).
      await auditRead(request, { submissionId: request.params.submissionId });
      return sendFile(reply, file);
    },
  );
};
