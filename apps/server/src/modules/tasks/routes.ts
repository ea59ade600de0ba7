import { security } from '@atrium/protocol/http';
import { myTaskBoard, taskBoard, taskChanged, taskIdBody, taskList, taskView } from '@atrium/protocol/tasks';
import { previewQuery, taskProgress } from '@atrium/protocol/training';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseInLearnersVoice } from '../impersonation/index.ts';
import { listMemberClasses, openClass } from '../training/index.ts';
import { acceptTask, completeTask } from './change-task.ts';
import { getTask } from './get-task.ts';
import { listClassTasks } from './list-class-tasks.ts';
import { submissionRoutes } from './submission-routes.ts';
import { toBoard, toMyBoard, toProgress } from './task-board.ts';

const tags = ['tasks'];
const classParams = z.object({ id: z.uuid({ message: '課程編號格式錯誤' }) });
const base = '/training-classes/:id/tasks';
const noQuery = z.object({});

/** The task calls of a class (spec 1 §7) and the cross-class views the /tasks screens use. */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireUser };
  await app.register(submissionRoutes);

  /** The learner's task list of one class; every read below only cuts it differently. */
  const load = async (request: FastifyRequest, params: { id: string }, query: { preview?: string }) => {
    const preview = query.preview === '1';
    const cls = await openClass(app.db, params.id, request.user!, { preview });
    return listClassTasks(app.db, [cls], request.user!.id, { preview });
  };

  app.get(
    `${base}`,
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Every task of the class with my state; preview=1 (staff) adds unpublished ones',
        params: classParams,
        querystring: previewQuery,
        response: { 200: taskList },
      },
    },
    async (request) => ((items) => ({ items }))(await load(request, request.params, request.query)),
  );

  app.get(
    `${base}/board`,
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'The four groups: available, accepted, completed, expired',
        params: classParams,
        querystring: previewQuery,
        response: { 200: taskBoard },
      },
    },
    async (request) => toBoard(await load(request, request.params, request.query)),
  );

  app.get(
    `${base}/progress`,
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My progress figures in this class',
        params: classParams,
        querystring: noQuery,
        response: { 200: taskProgress },
      },
    },
    async (request) => toProgress(await load(request, request.params, request.query)),
  );

  app.get(
    `${base}/available`,
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Tasks I can still accept',
        params: classParams,
        querystring: noQuery,
        response: { 200: taskList },
      },
    },
    async (request) =>
      ((items) => ({ items: toBoard(items).available }))(await load(request, request.params, request.query)),
  );

  app.get(
    `${base}/completed`,
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Tasks I completed',
        params: classParams,
        querystring: noQuery,
        response: { 200: taskList },
      },
    },
    async (request) =>
      ((items) => ({ items: toBoard(items).completed }))(await load(request, request.params, request.query)),
  );

  app.get(
    `${base}/expired`,
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Tasks past due that I did not complete (history)',
        params: classParams,
        querystring: noQuery,
        response: { 200: taskList },
      },
    },
    async (request) =>
      ((items) => ({ items: toBoard(items).expired }))(await load(request, request.params, request.query)),
  );

  app.get(
    `${base}/accepted/board`,
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My tasks: accepted (in progress) and completed',
        params: classParams,
        querystring: noQuery,
        response: { 200: myTaskBoard },
      },
    },
    async (request) => toMyBoard(await load(request, request.params, request.query)),
  );

  app.post(
    `${base}/accept`,
    {
      ...auth,
      preHandler: refuseInLearnersVoice,
      schema: {
        tags,
        security,
        summary: 'Accept a task (idempotent)',
        params: classParams,
        body: taskIdBody,
        response: { 200: taskChanged },
      },
    },
    async (request) => {
      const cls = await openClass(app.db, request.params.id, request.user!, { write: true });
      return acceptTask(app.db, cls, request.body.task_id, request.user!.id);
    },
  );

  app.post(
    `${base}/completed`,
    {
      ...auth,
      preHandler: refuseInLearnersVoice,
      schema: {
        tags,
        security,
        summary: 'Mark an accepted task completed (idempotent); the last one issues the certificate',
        params: classParams,
        body: taskIdBody,
        response: { 200: taskChanged },
      },
    },
    async (request) => {
      const cls = await openClass(app.db, request.params.id, request.user!, { write: true });
      return completeTask(app.db, cls, request.body.task_id, request.user!.id);
    },
  );

  app.get(
    '/tasks/board',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'The four groups across all my classes',
        response: { 200: taskBoard },
      },
    },
    async (request) =>
      toBoard(await listClassTasks(app.db, await listMemberClasses(app.db, request.user!), request.user!.id)),
  );

  app.get(
    '/tasks/:taskId',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'One task of one of my classes',
        params: z.object({ taskId: z.uuid({ message: '任務編號格式錯誤' }) }),
        response: { 200: taskView },
      },
    },
    async (request) =>
      getTask(
        app.db,
        await listMemberClasses(app.db, request.user!),
        request.params.taskId,
        request.user!.id,
      ),
  );
};
