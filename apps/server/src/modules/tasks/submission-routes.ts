import { errorBody, security } from '@atrium/protocol/http';
import {
  SUBMISSION_FILE_MAX_BYTES,
  submissionBody,
  submissionFileQuery,
  submissionParams,
  taskSubmissionList,
  taskSubmitted,
} from '@atrium/protocol/tasks';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorHandler } from '../../lib/error-handler.ts';
import { AppError } from '../../lib/errors.ts';
import { refuseInLearnersVoice } from '../impersonation/index.ts';
import { listMemberClasses, openClass } from '../training/index.ts';
import { getTask } from './get-task.ts';
import { listMySubmissions, openSubmissionFile } from './review-submissions.ts';
import { sendFile } from './send-file.ts';
import {
  checkSubmissionFile,
  cleanFileName,
  submissionFileKey,
  submissionFileTooLarge,
} from './submission-file.ts';
import { submitTask } from './submit-task.ts';

const tags = ['tasks'];
const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};
const classTaskParams = z.object({
  id: z.uuid({ message: '課程編號格式錯誤' }),
  taskId: z.uuid({ message: '任務編號格式錯誤' }),
});
const taskParams = z.object({ taskId: z.uuid({ message: '任務編號格式錯誤' }) });
const base = '/training-classes/:id/tasks/:taskId/submissions';
/** Hand-ins one learner may make per hour, across tasks: enough to fix a typo a few times, not to flood. */
const SUBMISSIONS_PER_HOUR = 30;

/** Counted per learner (not per address: a class may share one), before any body is read. */
function perLearnerLimit(app: FastifyInstance) {
  const limiter = app.createRateLimit({
    max: SUBMISSIONS_PER_HOUR,
    timeWindow: 3_600_000,
    keyGenerator: (request: FastifyRequest) => `task-submit:${request.user?.id ?? request.ip}`,
  });
  return async (request: FastifyRequest) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw new AppError(
      429,
      'rate_limited',
      `繳交過於頻繁，請於 ${Math.ceil(result.ttlInSeconds / 60)} 分鐘後再試`,
    );
  };
}

/** A learner hands in work on a task, reads their history and their own files (ADR 0055). */
export const submissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = perLearnerLimit(app);
  const submit = { onRequest: [app.requireUser, limit], preHandler: refuseInLearnersVoice };

  app.post(
    base,
    {
      ...submit,
      bodyLimit: 65_536,
      schema: {
        tags,
        security,
        summary: 'Hand in a link or a text (a reviewed self-check sends {}); with review it awaits staff',
        params: classTaskParams,
        body: submissionBody,
        response: { 200: taskSubmitted, ...errors },
      },
    },
    async (request) => {
      const cls = await openClass(app.db, request.params.id, request.user!, { write: true });
      return submitTask(app.db, cls, request.params.taskId, request.user!.id, request.body);
    },
  );

  // Raw bytes, whatever the Content-Type says: the content is checked, never the label.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: SUBMISSION_FILE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    raw.withTypeProvider<ZodTypeProvider>().post(
      `${base}/file`,
      {
        ...submit,
        schema: {
          tags,
          security,
          summary: `Hand in a file (pdf, png, jpeg, webp or zip; at most ${SUBMISSION_FILE_MAX_BYTES} bytes)`,
          params: classTaskParams,
          querystring: submissionFileQuery,
          response: { 200: taskSubmitted, ...errors },
        },
        errorHandler(error: FastifyError, request, reply) {
          if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
            return reply.status(400).send(submissionFileTooLarge().toBody());
          return errorHandler(error, request, reply);
        },
      },
      async (request) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const type = checkSubmissionFile(bytes);
        const { taskId } = request.params;
        const cls = await openClass(app.db, request.params.id, request.user!, { write: true });
        return submitTask(app.db, cls, taskId, request.user!.id, {
          file: {
            name: cleanFileName(request.query.name),
            type,
            size: bytes.length,
            store: async (submissionId) => {
              const key = submissionFileKey(taskId, submissionId);
              await app.blobs.put(key, bytes, type);
              return key;
            },
          },
        });
      },
    );
  });

  app.get(
    '/tasks/:taskId/submissions',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'My hand-ins on a task with what staff said, newest first',
        params: taskParams,
        response: { 200: taskSubmissionList, ...errors },
      },
    },
    async (request) => {
      const { taskId } = request.params;
      await getTask(app.db, await listMemberClasses(app.db, request.user!), taskId, request.user!.id);
      return { items: await listMySubmissions(app.db, taskId, request.user!.id) };
    },
  );

  app.get(
    '/task-submissions/:submissionId/file',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'A file I handed in',
        params: submissionParams,
      },
    },
    async (request, reply) => {
      const file = await openSubmissionFile(app.db, app.blobs, request.params.submissionId, request.user!.id);
      return sendFile(reply, file);
    },
  );
};
