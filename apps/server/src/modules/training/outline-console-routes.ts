import {
  adminChapter,
  adminOutline,
  adminSubChapter,
  chapterInput,
  chapterParams,
  chapterPatch,
  classIdParams,
  orderInput,
  subChapterInput,
  subChapterParams,
  subChapterPatch,
} from '@atrium/protocol/community';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classMustExist } from './class-must-exist.ts';
import { errors, noContent, security, staffAccess, tags } from './console-schema.ts';
import {
  addChapter,
  addSubChapter,
  deleteChapter,
  deleteSubChapter,
  getOutline,
  updateChapter,
  updateSubChapter,
} from './manage-outline.ts';
import { reorderChapterSubChapters, reorderClassChapters } from './reorder-outline.ts';

/** The outline of a class: chapters and their sub-chapters, added, edited, reordered, deleted. */
export const outlineConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { read, change } = staffAccess(app);
  const inClass = classMustExist(app);
  const db = app.db;

  app.get(
    '/classes/:id/outline',
    {
      ...read,
      ...inClass,
      schema: {
        tags,
        security,
        summary: 'Chapters and sub-chapters, all of them',
        params: classIdParams,
        response: { 200: adminOutline, ...errors },
      },
    },
    async (request) => getOutline(db, request.params.id),
  );
  app.post(
    '/classes/:id/chapters',
    {
      ...change,
      ...inClass,
      schema: {
        tags,
        security,
        summary: 'Add a chapter (last)',
        params: classIdParams,
        body: chapterInput,
        response: { 201: adminChapter, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addChapter(db, request.params.id, request.body)),
  );
  app.put(
    '/classes/:id/chapters/order',
    {
      ...change,
      ...inClass,
      schema: {
        tags,
        security,
        summary: 'Reorder the chapters (every id once)',
        params: classIdParams,
        body: orderInput,
        response: { 200: adminOutline, ...errors },
      },
    },
    async (request) => reorderClassChapters(db, request.params.id, request.body.ids),
  );
  app.patch(
    '/chapters/:chapterId',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Rename, enable/disable or (un)publish a chapter',
        params: chapterParams,
        body: chapterPatch,
        response: { 200: adminChapter, ...errors },
      },
    },
    async (request) => updateChapter(db, request.params.chapterId, request.body),
  );
  app.delete(
    '/chapters/:chapterId',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Delete a chapter with its sub-chapters',
        params: chapterParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await deleteChapter(db, request.params.chapterId);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/chapters/:chapterId/sub-chapters',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Add a sub-chapter (last)',
        params: chapterParams,
        body: subChapterInput,
        response: { 201: adminSubChapter, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addSubChapter(db, request.params.chapterId, request.body)),
  );
  app.put(
    '/chapters/:chapterId/sub-chapters/order',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Reorder the sub-chapters (every id once)',
        params: chapterParams,
        body: orderInput,
        response: { 200: adminChapter, ...errors },
      },
    },
    async (request) => reorderChapterSubChapters(db, request.params.chapterId, request.body.ids),
  );
  app.patch(
    '/sub-chapters/:subId',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Edit a sub-chapter',
        params: subChapterParams,
        body: subChapterPatch,
        response: { 200: adminSubChapter, ...errors },
      },
    },
    async (request) => updateSubChapter(db, request.params.subId, request.body),
  );
  app.delete(
    '/sub-chapters/:subId',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Delete a sub-chapter',
        params: subChapterParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await deleteSubChapter(db, request.params.subId);
      return reply.status(204).send(null);
    },
  );
};
