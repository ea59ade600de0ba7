import { broadcastInput, broadcastList, broadcastView } from '@atrium/protocol/community';
import { errorBody, security } from '@atrium/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../lib/audit-change.ts';
import { broadcastMailDrain } from './broadcast-mail-drain.ts';
import { cancelBroadcast, composeBroadcast, listBroadcasts } from './manage-broadcasts.ts';

const tags = ['console: community'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Composed notifications: to one learner, a class or everyone, now or later; sent items with read counts. */
export const broadcastRoutes: FastifyPluginAsyncZod = async (app) => {
  // Agents read; only admins change anything (ADR 0025).
  const read = { onRequest: app.requireAgent };
  const change = { onRequest: app.requireAdmin };
  app.addHook('onResponse', auditChange);
  const mails = broadcastMailDrain(app);

  app.get(
    '/notifications',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Composed notifications with read counts',
        response: { 200: broadcastList, ...errors },
      },
    },
    async () => ({ items: await listBroadcasts(app.db) }),
  );
  app.post(
    '/notifications',
    {
      ...change,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Compose a notification (sent now, or at send_at)',
        body: broadcastInput,
        response: { 201: broadcastView, ...errors },
      },
    },
    async (request, reply) => {
      const view = await composeBroadcast(app.db, request.body, request.user!.id);
      // Sent now and by mail too: the mails go out after the answer, never in the request.
      if (view.also_mail && view.sent_at) mails.kick();
      return reply.status(201).send(view);
    },
  );
  app.delete(
    '/notifications/:broadcastId',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Cancel a scheduled notification before it is sent',
        params: z.object({ broadcastId: z.uuid({ message: '訊息編號格式錯誤' }) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await cancelBroadcast(app.db, request.params.broadcastId);
      return reply.status(204).send(null);
    },
  );
};
