import {
  classIdParams,
  classMemberList,
  memberCsv,
  memberEmails,
  memberParams,
  memberReport,
} from '@atrium/protocol/community';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classMustExist } from './class-must-exist.ts';
import { errors, noContent, security, staffAccess, tags } from './console-schema.ts';
import { enrolByEmail, enrolFromCsv } from './enrol-members.ts';
import { invitationDepsOf } from './invitation-sender.ts';
import { listMembers, removeMember } from './manage-members.ts';

/** The members of a class: list, add by e-mail or CSV, remove. */
export const memberConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { read, change } = staffAccess(app);
  const inClass = classMustExist(app);
  const db = app.db;
  const invite = invitationDepsOf(app);

  app.get(
    '/classes/:id/members',
    {
      ...read,
      ...inClass,
      schema: {
        tags,
        security,
        summary: 'Members of a class',
        params: classIdParams,
        response: { 200: classMemberList, ...errors },
      },
    },
    async (request) => ({ items: await listMembers(db, request.params.id) }),
  );
  app.post(
    '/classes/:id/members',
    {
      ...change,
      ...inClass,
      // Each unknown address is a mail sent: bounded like the CSV import.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Add members by e-mail (addresses with no account are invited); answers a line per address',
        params: classIdParams,
        body: memberEmails,
        response: { 200: memberReport, ...errors },
      },
    },
    async (request) => enrolByEmail(invite, request.params.id, request.body.emails, request.user!.id),
  );
  app.post(
    '/classes/:id/members/import',
    {
      ...change,
      ...inClass,
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
    async (request) => enrolFromCsv(invite, request.params.id, request.body.csv, request.user!.id),
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
};
