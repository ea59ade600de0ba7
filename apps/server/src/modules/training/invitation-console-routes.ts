import { classIdParams } from '@atrium/protocol/community';
import { errorBody } from '@atrium/protocol/http';
import { invitationList, invitationParams, invitationView } from '@atrium/protocol/invitations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classMustExist } from './class-must-exist.ts';
import { errors, noContent, security, staffAccess, tags } from './console-schema.ts';
import { invitationDepsOf } from './invitation-sender.ts';
import { listInvitations } from './list-invitations.ts';
import { resendInvitation } from './resend-invitation.ts';
import { revokeInvitation } from './revoke-invitation.ts';

/**
 * A class's invitations (addresses with no account, ADR 0063): list with status, resend, revoke. Invitations are
 * made by adding members (member-console-routes.ts). Changes are audited by the console routes' hook.
 */
export const invitationConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { read, change } = staffAccess(app);
  const inClass = classMustExist(app);
  const deps = invitationDepsOf(app);

  app.get(
    '/classes/:id/invitations',
    {
      ...read,
      ...inClass,
      schema: {
        tags,
        security,
        summary: 'Invitations of a class (pending, expired, used, revoked)',
        params: classIdParams,
        response: { 200: invitationList, ...errors },
      },
    },
    async (request) => ({ items: await listInvitations(app.db, request.params.id) }),
  );
  app.post(
    '/classes/:id/invitations/:invitationId/resend',
    {
      ...change,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Mail an invitation again with a new link and expiry (once a minute per invitation)',
        params: invitationParams,
        response: { 200: invitationView, ...errors, 409: errorBody, 429: errorBody },
      },
    },
    async (request) => resendInvitation(deps, request.params.id, request.params.invitationId),
  );
  app.delete(
    '/classes/:id/invitations/:invitationId',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Revoke an unused invitation',
        params: invitationParams,
        response: { ...noContent, 409: errorBody },
      },
    },
    async (request, reply) => {
      await revokeInvitation(app.db, request.params.id, request.params.invitationId);
      return reply.status(204).send(null);
    },
  );
};
