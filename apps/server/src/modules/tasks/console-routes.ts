import {
  adminTask,
  adminTaskList,
  classIdParams,
  taskParams,
  taskPatch,
  taskProgressList,
} from '@atrium/protocol/community';
import { errorBody, security } from '@atrium/protocol/http';
import { newTaskBody, taskView } from '@atrium/protocol/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../lib/audit-change.ts';
import { findAdminClass } from '../training/index.ts';
import { createTask } from './create-task.ts';
import { deleteTask, findAdminTask, listAdminTasks, taskProgressOf, updateTask } from './manage-tasks.ts';
import { progressConsoleRoutes } from './progress-routes.ts';
import { reviewConsoleRoutes } from './review-routes.ts';

const tags = ['console: community'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Tasks of a class for the console: create, edit, delete, and who accepted and completed. */
export const taskConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  // Agents read; only admins change anything (ADR 0025).
  const read = { onRequest: app.requireAgent };
  const change = { onRequest: app.requireAdmin };
  app.addHook('onResponse', auditChange);
  const db = app.db;
  await app.register(reviewConsoleRoutes);
  await app.register(progressConsoleRoutes);

  app.get(
    '/classes/:id/tasks',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Every task of a class with accepted and completed counts',
        params: classIdParams,
        response: { 200: adminTaskList, ...errors },
      },
    },
    async (request) => {
      await findAdminClass(db, request.params.id);
      return { items: await listAdminTasks(db, request.params.id) };
    },
  );
  app.post(
    '/classes/:id/tasks',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Add a task; a published one notifies the class',
        params: classIdParams,
        body: newTaskBody,
        response: { 201: taskView, ...errors },
      },
    },
    async (request, reply) => {
      const cls = await findAdminClass(db, request.params.id);
      return reply.status(201).send(await createTask(db, cls, request.body));
    },
  );
  app.patch(
    '/tasks/:taskId',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Edit a task (a moved deadline re-arms its reminder)',
        params: taskParams,
        body: taskPatch,
        response: { 200: adminTask, ...errors },
      },
    },
    async (request) => updateTask(db, request.params.taskId, request.body),
  );
  app.delete(
    '/tasks/:taskId',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Delete a task',
        params: taskParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteTask(db, request.params.taskId);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/tasks/:taskId/progress',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Who accepted and completed the task',
        params: taskParams,
        response: { 200: taskProgressList, ...errors },
      },
    },
    async (request) => ({ items: await taskProgressOf(db, await findAdminTask(db, request.params.taskId)) }),
  );
};
