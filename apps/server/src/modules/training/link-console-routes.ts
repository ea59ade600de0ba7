import { classIdParams, classLinkInput, classLinkPatch, linkParams } from '@atrium/protocol/community';
import { classLink, classLinks } from '@atrium/protocol/training';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classMustExist } from './class-must-exist.ts';
import { errors, noContent, security, staffAccess, tags } from './console-schema.ts';
import { listClassLinks } from './list-class-links.ts';
import { addClassLink, deleteClassLink, updateClassLink } from './manage-links.ts';

/** The links of a class: list, add, edit, delete. */
export const linkConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { read, change } = staffAccess(app);
  const inClass = classMustExist(app);
  const db = app.db;

  app.get(
    '/classes/:id/links',
    {
      ...read,
      ...inClass,
      schema: {
        tags,
        security,
        summary: 'Links of a class',
        params: classIdParams,
        response: { 200: classLinks, ...errors },
      },
    },
    async (request) => ({ items: await listClassLinks(db, request.params.id) }),
  );
  app.post(
    '/classes/:id/links',
    {
      ...change,
      ...inClass,
      schema: {
        tags,
        security,
        summary: 'Add a link (https or a portal path)',
        params: classIdParams,
        body: classLinkInput,
        response: { 201: classLink, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addClassLink(db, request.params.id, request.body)),
  );
  app.patch(
    '/classes/:id/links/:linkId',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Edit a link',
        params: linkParams,
        body: classLinkPatch,
        response: { 200: classLink, ...errors },
      },
    },
    async (request) => updateClassLink(db, request.params.id, request.params.linkId, request.body),
  );
  app.delete(
    '/classes/:id/links/:linkId',
    {
      ...change,
      schema: { tags, security, summary: 'Delete a link', params: linkParams, response: noContent },
    },
    async (request, reply) => {
      await deleteClassLink(db, request.params.id, request.params.linkId);
      return reply.status(204).send(null);
    },
  );
};
