import {
  notifyCategories,
  notifyConstantsResponse,
  notifyListQuery,
  notifyListResponse,
  notifyMessage,
} from '@atrium/protocol';
import { errorBody, security } from '@atrium/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listMessages } from './list-messages.ts';
import { markAllRead } from './mark-all-read.ts';
import { markMessage } from './mark-message.ts';
import { subscribeWelcomeMessage } from './welcome-on-verify.ts';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
const idParams = z.object({ id: z.uuid() });

/** The notification calls of spec 1 §7 plus mark-all-read, for the signed-in user's own messages. */
export const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  subscribeWelcomeMessage();
  // onRequest: a caller without a session learns nothing, not even which inputs are valid.
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/notify/message/list',
    {
      schema: {
        tags: ['notifications'],
        summary: 'A page of my messages, newest first (is_read=0 unread, 1 read)',
        security,
        querystring: notifyListQuery,
        response: { 200: notifyListResponse, ...errors },
      },
    },
    async (request) =>
      listMessages(app.db, request.user!.id, {
        page: request.query.page,
        isRead: request.query.is_read === undefined ? undefined : request.query.is_read === '1',
      }),
  );

  app.get(
    '/notify/message/constants',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Message categories with their labels',
        security,
        response: { 200: notifyConstantsResponse, ...errors },
      },
    },
    async () => ({ categories: notifyCategories.map((c) => ({ ...c })) }),
  );

  app.put(
    '/notify/message/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark all my messages read',
        security,
        response: { 200: z.object({ updated: z.number().int() }), ...errors },
      },
    },
    async (request) => ({ updated: await markAllRead(app.db, request.user!.id) }),
  );

  for (const state of ['read', 'unread'] as const) {
    app.put(
      `/notify/message/:id/${state}`,
      {
        schema: {
          tags: ['notifications'],
          summary: `Mark one of my messages ${state}`,
          security,
          params: idParams,
          response: { 200: notifyMessage, ...errors },
        },
      },
      async (request) => markMessage(app.db, request.user!.id, request.params.id, state === 'read'),
    );
  }
};
