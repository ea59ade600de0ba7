import {
  adminClass,
  adminClassList,
  classCopyInput,
  classIdParams,
  classInput,
  classListQuery,
  classPatch,
} from '@atrium/protocol/community';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, security, staffAccess, tags } from './console-schema.ts';
import { copyClass } from './copy-class.ts';
import { invitationDepsOf } from './invitation-sender.ts';
import { createClass, getAdminClass, listAdminClasses, updateClass } from './manage-classes.ts';
import { sendOwedClassMails } from './owed-class-mails.ts';

/** Classes themselves: list, create, read, edit/publish/archive, copy for the next cohort. */
export const classConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { read, change } = staffAccess(app);
  const db = app.db;
  const invite = invitationDepsOf(app);

  app.get(
    '/classes',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Every class',
        querystring: classListQuery,
        response: { 200: adminClassList, ...errors },
      },
    },
    async (request) => ({
      items: await listAdminClasses(db, { archived: request.query.archived === '1', q: request.query.q }),
    }),
  );
  app.post(
    '/classes',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Create a class (unpublished)',
        body: classInput,
        response: { 201: adminClass, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createClass(db, request.body)),
  );
  app.get(
    '/classes/:id',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'One class',
        params: classIdParams,
        response: { 200: adminClass, ...errors },
      },
    },
    async (request) => getAdminClass(db, request.params.id),
  );
  app.patch(
    '/classes/:id',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Edit, publish/unpublish or archive a class',
        params: classIdParams,
        body: classPatch,
        response: { 200: adminClass, ...errors },
      },
    },
    async (request) => {
      const updated = await updateClass(db, request.params.id, request.body);
      // Publishing sends the enrolment and invitation mails held while it was a draft, once (issue 36).
      if (updated.published) await sendOwedClassMails(invite, updated.id);
      return updated;
    },
  );
  app.post(
    '/classes/:id/copy',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Copy a class for the next cohort: outline, content, links, tasks; no members or work',
        params: classIdParams,
        body: classCopyInput,
        response: { 201: adminClass, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await copyClass(db, request.params.id, request.body.name)),
  );
};
