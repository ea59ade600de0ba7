import { classIdParams, learnerParams } from '@atrium/protocol/community';
import { errorBody, security } from '@atrium/protocol/http';
import {
  classProgressCsvQuery,
  classProgressQuery,
  classProgressReport,
  learnerProgress,
  reviewOverview,
} from '@atrium/protocol/progress';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRead } from '../../lib/audit-read.ts';
import { attachment } from '../../lib/csv-export.ts';
import { classProgressReport as buildReport } from './class-progress-report.ts';
import { learnerProgress as buildLearnerProgress } from './learner-progress.ts';
import { exportProgressCsv } from './progress-report-csv.ts';
import { reviewOverview as buildReviewOverview } from './review-overview.ts';

const tags = ['console: community'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Progress reports (ADR 0062): every staff member reads them; the CSV, which leaves the system, is audited. */
export const progressConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { onRequest: app.requireAgent };
  const db = app.db;

  app.get(
    '/classes/:id/progress',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Learner × task matrix with attendance, sorted and paged on the server',
        params: classIdParams,
        querystring: classProgressQuery,
        response: { 200: classProgressReport, ...errors },
      },
    },
    async (request) => buildReport(db, request.params.id, request.query),
  );
  app.get(
    '/classes/:id/progress.csv',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'The progress report as CSV (UTF-8 with BOM, Taipei times; audited)',
        params: classIdParams,
        querystring: classProgressCsvQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { filename, ascii, csv } = await exportProgressCsv(db, request.params.id, request.query);
      await auditRead(request, { classId: request.params.id, export: 'progress.csv' });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(filename, ascii))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  app.get(
    '/learners/:userId/progress',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: "A learner's tasks and attendance in each of their classes",
        params: learnerParams,
        response: { 200: learnerProgress, ...errors },
      },
    },
    async (request) => buildLearnerProgress(db, request.params.userId),
  );
  app.get(
    '/reviews/overview',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Hand-ins awaiting review across classes: the count and the oldest few',
        response: { 200: reviewOverview, ...errors },
      },
    },
    async () => buildReviewOverview(db),
  );
};
