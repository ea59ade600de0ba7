import { errorBody } from '@atrium/protocol/http';
import { invitationTokenParams, publicInvitation } from '@atrium/protocol/invitations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscribeInvitationClaims } from './claim-on-verify.ts';
import { readInvitation } from './read-invitation.ts';

/** The portal's side of invitations (ADR 0063): read one by its mailed token, without signing in. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  subscribeInvitationClaims();
  app.get(
    '/invitations/:token',
    {
      // The token is the credential: a client guessing tokens is slowed down like any public read.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['training'],
        summary: 'An open invitation: the invited address and the classes verifying it joins',
        params: invitationTokenParams,
        response: { 200: publicInvitation, 400: errorBody, 404: errorBody, 410: errorBody },
      },
    },
    async (request) => readInvitation(app.db, request.params.token),
  );
};
