import {
  attendance,
  attendanceMark,
  attendanceMarkParams,
  classIdParams,
  sessionInput,
  sessionParams,
} from '@atrium/protocol/community';
import { classSession } from '@atrium/protocol/training';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/csv-export.ts';
import { classMustExist } from './class-must-exist.ts';
import { errors, noContent, security, staffAccess, tags } from './console-schema.ts';
import { addSession, deleteSession, listSessions, updateSession } from './manage-sessions.ts';
import { markAttendance } from './mark-attendance.ts';
import { exportAttendanceCsv, readAttendance } from './session-attendance.ts';

/** The sessions of a class (scheduled meetings with a check-in window) and their attendance. */
export const sessionConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { read, change } = staffAccess(app);
  const inClass = classMustExist(app);
  const db = app.db;

  app.get(
    '/classes/:id/sessions',
    {
      ...read,
      ...inClass,
      schema: {
        tags,
        security,
        summary: 'Sessions of a class',
        params: classIdParams,
        response: { 200: z.object({ items: z.array(classSession) }), ...errors },
      },
    },
    async (request) => ({ items: await listSessions(db, request.params.id) }),
  );
  app.post(
    '/classes/:id/sessions',
    {
      ...change,
      ...inClass,
      schema: {
        tags,
        security,
        summary: 'Schedule a session with its check-in window',
        params: classIdParams,
        body: sessionInput,
        response: { 201: classSession, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addSession(db, request.params.id, request.body)),
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
    async (request) => readAttendance(db, request.params.sessionId),
  );
  app.get(
    '/sessions/:sessionId/attendance.csv',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Attendance as CSV (UTF-8 with BOM, zh-TW headers, Taipei times)',
        params: sessionParams,
      },
    },
    async (request, reply) => {
      const { filename, ascii, csv } = await exportAttendanceCsv(db, request.params.sessionId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(filename, ascii))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  app.put(
    '/sessions/:sessionId/attendance/:userId',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: "Mark a member present, late or absent by hand (the session's attendance after it)",
        params: attendanceMarkParams,
        body: attendanceMark,
        response: { 200: attendance, ...errors },
      },
    },
    async (request) =>
      markAttendance(
        db,
        request.params.sessionId,
        request.params.userId,
        request.body.status,
        request.user!.id,
      ),
  );
};
