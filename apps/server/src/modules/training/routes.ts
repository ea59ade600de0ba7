import { security } from '@atrium/protocol/http';
import {
  calendarFeed,
  certificate,
  certificateList,
  certificateVerification,
  checkInState,
  classCalendar,
  classLinks,
  classList,
  classPageQuery,
  previewQuery,
  subChapterView,
  trainingClass,
} from '@atrium/protocol/training';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseInLearnersVoice } from '../impersonation/index.ts';
import { renderCalendarFeed, revokeCalendarFeed, rotateCalendarFeed } from './calendar-feed.ts';
import { getCertificate, listCertificates, verifyCertificate } from './certificates.ts';
import { checkIn, getCheckInState } from './check-in.ts';
import { getClass } from './get-class.ts';
import { getSubChapter } from './get-sub-chapter.ts';
import { invitationRoutes } from './invitation-routes.ts';
import { listCalendarEvents } from './list-calendar-events.ts';
import { listClassLinks } from './list-class-links.ts';
import { listMyClasses } from './list-my-classes.ts';
import { openClass } from './open-class.ts';

const tags = ['training'];
const uuid = (what: string) => z.uuid({ message: `${what}格式錯誤` });
const classParams = z.object({ id: uuid('課程編號') });

/** The training-class calls of spec 1 §7 (under /v1), plus the calendar feed and certificate verification. */
export const trainingRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireUser };
  await app.register(invitationRoutes);

  app.get(
    '/training-classes/',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My live classes, 10 a page',
        querystring: classPageQuery,
        response: { 200: classList },
      },
    },
    async (request) => listMyClasses(app.db, request.user!, request.query.page),
  );

  app.get(
    '/training-classes/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'A class with its chapters; preview=1 (staff only) includes unpublished items',
        params: classParams,
        querystring: previewQuery,
        response: { 200: trainingClass },
      },
    },
    async (request) => {
      const preview = request.query.preview === '1';
      const cls = await openClass(app.db, request.params.id, request.user!, { preview });
      return getClass(app.db, cls, preview);
    },
  );

  app.get(
    '/training-classes/:id/chapters/:chapterId/subchapters/:subId',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'One sub-chapter with its content; 403 not_open while it is not enabled',
        params: classParams.extend({ chapterId: uuid('章節編號'), subId: uuid('單元編號') }),
        querystring: previewQuery,
        response: { 200: subChapterView },
      },
    },
    async (request) => {
      const preview = request.query.preview === '1';
      const cls = await openClass(app.db, request.params.id, request.user!, { preview });
      return getSubChapter(app.db, cls, request.params.chapterId, request.params.subId, preview);
    },
  );

  app.get(
    '/training-classes/:id/check-in',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Whether I may and have checked in to the current session',
        params: classParams,
        response: { 200: checkInState },
      },
    },
    async (request) => {
      const cls = await openClass(app.db, request.params.id, request.user!);
      return getCheckInState(app.db, cls.id, request.user!.id);
    },
  );

  app.post(
    '/training-classes/:id/check-in',
    {
      ...auth,
      preHandler: refuseInLearnersVoice,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Check in to the current session: only inside its window, once (a repeat changes nothing)',
        params: classParams,
        response: { 200: checkInState },
      },
    },
    async (request) => {
      const cls = await openClass(app.db, request.params.id, request.user!, { write: true });
      return checkIn(app.db, cls.id, request.user!.id);
    },
  );

  app.get(
    '/training-classes/:id/calendar',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Class sessions and task deadlines',
        params: classParams,
        response: { 200: classCalendar },
      },
    },
    async (request) => {
      const cls = await openClass(app.db, request.params.id, request.user!);
      return { events: await listCalendarEvents(app.db, [cls], request.user!.id) };
    },
  );

  app.get(
    '/training-classes/:id/certificates',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My certificates of this class',
        params: classParams,
        response: { 200: certificateList },
      },
    },
    async (request) => {
      const cls = await openClass(app.db, request.params.id, request.user!);
      return { items: await listCertificates(app.db, cls.id, request.user!.id) };
    },
  );

  app.get(
    '/training-classes/:id/certificates/:certId',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'One of my certificates',
        params: classParams.extend({ certId: uuid('證書編號') }),
        response: { 200: certificate },
      },
    },
    async (request) => {
      const cls = await openClass(app.db, request.params.id, request.user!);
      return getCertificate(app.db, cls.id, request.params.certId, request.user!.id);
    },
  );

  app.get(
    '/training-classes/:id/links',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Useful links of the class',
        params: classParams,
        response: { 200: classLinks },
      },
    },
    async (request) => {
      const cls = await openClass(app.db, request.params.id, request.user!);
      return { items: await listClassLinks(app.db, cls.id) };
    },
  );

  app.get(
    '/certificates/verify/:verificationId',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Public check of a printed certificate by its verification id',
        params: z.object({ verificationId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '驗證碼格式錯誤') }),
        response: { 200: certificateVerification },
      },
    },
    async (request) => verifyCertificate(app.db, request.params.verificationId),
  );

  app.post(
    '/calendar/feed',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'A new secret iCal feed address for my classes (the previous one stops working)',
        response: { 200: calendarFeed },
      },
    },
    async (request) => rotateCalendarFeed(app.db, request.user!, app.config.publicUrl),
  );

  app.delete(
    '/calendar/feed',
    {
      ...auth,
      schema: { tags, security, summary: 'Revoke my iCal feed address', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await revokeCalendarFeed(app.db, request.user!.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/calendar/:feed',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'iCal feed (text/calendar) for calendar apps; the secret address is the credential',
        params: z.object({ feed: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/, '行事曆位址格式錯誤') }),
      },
    },
    async (request, reply) => {
      const body = await renderCalendarFeed(
        app.db,
        request.params.feed.slice(0, -4),
        new URL(app.config.publicUrl).host,
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(body);
    },
  );
};
