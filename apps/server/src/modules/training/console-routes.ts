import {
  adminCertificate,
  adminCertificateList,
  adminChapter,
  adminClass,
  adminClassList,
  adminOutline,
  adminSubChapter,
  attendance,
  certificateParams,
  chapterInput,
  chapterParams,
  chapterPatch,
  classIdParams,
  classInput,
  classLinkInput,
  classLinkPatch,
  classListQuery,
  classMemberList,
  classPatch,
  issueReport,
  linkParams,
  memberCsv,
  memberEmails,
  memberParams,
  memberReport,
  orderInput,
  sessionInput,
  sessionParams,
  subChapterInput,
  subChapterParams,
  subChapterPatch,
} from '@atrium/protocol/community';
import { classLink, classLinks, classSession } from '@atrium/protocol/training';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../lib/audit-change.ts';
import { badRequest } from '../../lib/errors.ts';
import { listCompleters } from '../tasks/manage-tasks.ts';
import { listClassLinks } from './list-class-links.ts';
import { issueForCompleters, listClassCertificates, revokeCertificate } from './manage-certificates.ts';
import {
  createClass,
  findAdminClass,
  getAdminClass,
  listAdminClasses,
  updateClass,
} from './manage-classes.ts';
import { addClassLink, deleteClassLink, updateClassLink } from './manage-links.ts';
import { addMembers, emailsFromCsv, listMembers, removeMember } from './manage-members.ts';
import {
  addChapter,
  addSubChapter,
  deleteChapter,
  deleteSubChapter,
  findChapter,
  getOutline,
  reorderChapters,
  reorderSubChapters,
  updateChapter,
  updateSubChapter,
} from './manage-outline.ts';
import {
  addSession,
  attendanceCsv,
  deleteSession,
  findSession,
  getAttendance,
  listSessions,
  updateSession,
} from './manage-sessions.ts';

const tags = ['console: community'];
const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
const errorBody = z.object({ message: z.string(), code: z.string() });
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const noContent = { 204: z.null(), ...errors };

/**
 * Classes, their members, links, outline, sessions, attendance and certificates (console). Mounted at
 * /v1/console/community. Reads are for every staff member, changes for admins; every change is audited.
 */
export const trainingConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  // Agents read; only admins change anything (ADR 0025).
  const read = { onRequest: app.requireAgent };
  const change = { onRequest: app.requireAdmin };
  app.addHook('onResponse', auditChange);
  const db = app.db;

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
    async (request) => updateClass(db, request.params.id, request.body),
  );

  // Members
  app.get(
    '/classes/:id/members',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Members of a class',
        params: classIdParams,
        response: { 200: classMemberList, ...errors },
      },
    },
    async (request) => {
      await findAdminClass(db, request.params.id);
      return { items: await listMembers(db, request.params.id) };
    },
  );
  app.post(
    '/classes/:id/members',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Add members by e-mail; answers a line per address',
        params: classIdParams,
        body: memberEmails,
        response: { 200: memberReport, ...errors },
      },
    },
    async (request) => {
      await findAdminClass(db, request.params.id);
      const rows = request.body.emails.map((email, i) => ({ row: i + 1, email }));
      return addMembers(db, request.params.id, rows);
    },
  );
  app.post(
    '/classes/:id/members/import',
    {
      ...change,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Add members from a CSV of e-mails (first column); answers a line per row',
        params: classIdParams,
        body: memberCsv,
        response: { 200: memberReport, ...errors },
      },
    },
    async (request) => {
      await findAdminClass(db, request.params.id);
      const rows = emailsFromCsv(request.body.csv);
      if (rows.length > 2000) throw badRequest('too_many_rows', '一次最多匯入 2000 筆');
      return addMembers(db, request.params.id, rows);
    },
  );
  app.delete(
    '/classes/:id/members/:userId',
    {
      ...change,
      schema: { tags, security, summary: 'Remove a member', params: memberParams, response: noContent },
    },
    async (request, reply) => {
      await removeMember(db, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  // Links
  app.get(
    '/classes/:id/links',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Links of a class',
        params: classIdParams,
        response: { 200: classLinks, ...errors },
      },
    },
    async (request) => {
      await findAdminClass(db, request.params.id);
      return { items: await listClassLinks(db, request.params.id) };
    },
  );
  app.post(
    '/classes/:id/links',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Add a link (https or a portal path)',
        params: classIdParams,
        body: classLinkInput,
        response: { 201: classLink, ...errors },
      },
    },
    async (request, reply) => {
      await findAdminClass(db, request.params.id);
      return reply.status(201).send(await addClassLink(db, request.params.id, request.body));
    },
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

  // Outline
  app.get(
    '/classes/:id/outline',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Chapters and sub-chapters, all of them',
        params: classIdParams,
        response: { 200: adminOutline, ...errors },
      },
    },
    async (request) => {
      await findAdminClass(db, request.params.id);
      return getOutline(db, request.params.id);
    },
  );
  app.post(
    '/classes/:id/chapters',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Add a chapter (last)',
        params: classIdParams,
        body: chapterInput,
        response: { 201: adminChapter, ...errors },
      },
    },
    async (request, reply) => {
      await findAdminClass(db, request.params.id);
      return reply.status(201).send(await addChapter(db, request.params.id, request.body));
    },
  );
  app.put(
    '/classes/:id/chapters/order',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Reorder the chapters (every id once)',
        params: classIdParams,
        body: orderInput,
        response: { 200: adminOutline, ...errors },
      },
    },
    async (request) => {
      await findAdminClass(db, request.params.id);
      await reorderChapters(db, request.params.id, request.body.ids);
      return getOutline(db, request.params.id);
    },
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
    async (request) => {
      const chapter = await findChapter(db, request.params.chapterId);
      await reorderSubChapters(db, chapter.id, request.body.ids);
      return (await getOutline(db, chapter.classId)).chapters.find((c) => c.id === chapter.id)!;
    },
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

  // Sessions and attendance
  app.get(
    '/classes/:id/sessions',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Sessions of a class',
        params: classIdParams,
        response: { 200: z.object({ items: z.array(classSession) }), ...errors },
      },
    },
    async (request) => {
      await findAdminClass(db, request.params.id);
      return { items: await listSessions(db, request.params.id) };
    },
  );
  app.post(
    '/classes/:id/sessions',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Schedule a session with its check-in window',
        params: classIdParams,
        body: sessionInput,
        response: { 201: classSession, ...errors },
      },
    },
    async (request, reply) => {
      await findAdminClass(db, request.params.id);
      return reply.status(201).send(await addSession(db, request.params.id, request.body));
    },
  );
  app.put(
    '/sessions/:sessionId',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Reschedule a session',
        params: sessionParams,
        body: sessionInput,
        response: { 200: classSession, ...errors },
      },
    },
    async (request) => updateSession(db, request.params.sessionId, request.body),
  );
  app.delete(
    '/sessions/:sessionId',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Cancel a session (its check-ins go with it)',
        params: sessionParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await deleteSession(db, request.params.sessionId);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/sessions/:sessionId/attendance',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Who checked in, and when',
        params: sessionParams,
        response: { 200: attendance, ...errors },
      },
    },
    async (request) => getAttendance(db, await findSession(db, request.params.sessionId)),
  );
  app.get(
    '/sessions/:sessionId/attendance.csv',
    {
      ...read,
      schema: { tags, security, summary: 'Attendance as CSV (UTF-8 with BOM)', params: sessionParams },
    },
    async (request, reply) => {
      const session = await findSession(db, request.params.sessionId);
      const csv = attendanceCsv(await getAttendance(db, session));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="attendance-${session.id}.csv"`)
        .send(csv);
    },
  );

  // Certificates
  app.get(
    '/classes/:id/certificates',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Certificates of a class',
        params: classIdParams,
        response: { 200: adminCertificateList, ...errors },
      },
    },
    async (request) => {
      await findAdminClass(db, request.params.id);
      return { items: await listClassCertificates(db, request.params.id) };
    },
  );
  app.post(
    '/classes/:id/certificates',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Issue certificates to every completer without one',
        params: classIdParams,
        response: { 200: issueReport, ...errors },
      },
    },
    async (request) => {
      const cls = await findAdminClass(db, request.params.id);
      return issueForCompleters(db, cls, await listCompleters(db, cls.id));
    },
  );
  app.post(
    '/classes/:id/certificates/:certId/revoke',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Revoke a certificate',
        params: classIdParams.merge(certificateParams),
        response: { 200: adminCertificate, ...errors },
      },
    },
    async (request) => revokeCertificate(db, request.params.id, request.params.certId),
  );
};
