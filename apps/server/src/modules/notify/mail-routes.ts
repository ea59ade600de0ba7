import { errorBody, security } from '@atrium/protocol/http';
import {
  mailPreferences,
  unsubscribeBody,
  unsubscribeQuery,
  unsubscribeResult,
} from '@atrium/protocol/mail-preferences';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.ts';
import { getMailPreferences, setMailPreferences } from './mail-preferences.ts';
import { unsubscribeByToken } from './unsubscribe-by-token.ts';

const tags = ['notifications'];

/**
 * A learner's mail preference (signed in) and the one-click unsubscribe of a broadcast mail (no sign-in; the
 * signed token is the credential). The portal's /unsubscribe page shows a confirm button that POSTs here; mail
 * clients POST `List-Unsubscribe=One-Click` as a form (RFC 8058), hence the form parser in this plugin only.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 2048 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const auth = { onRequest: app.requireUser };

  app.get(
    '/user/mail-preferences',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'What the community may mail me',
        response: { 200: mailPreferences, 401: errorBody },
      },
    },
    async (request) => getMailPreferences(app.db, request.user!.id),
  );
  app.put(
    '/user/mail-preferences',
    {
      ...auth,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Change what the community may mail me',
        body: mailPreferences,
        response: { 200: mailPreferences, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => setMailPreferences(app.db, request.user!.id, request.body),
  );
  app.post(
    '/mail/unsubscribe',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'One-click unsubscribe from class announcement mails (token from the mail; no sign-in)',
        querystring: unsubscribeQuery,
        body: unsubscribeBody,
        response: { 200: unsubscribeResult, 400: errorBody },
      },
    },
    async (request) => {
      const token = request.body?.token ?? request.query.token;
      if (!token)
        throw badRequest('unsubscribe_link_invalid', '取消訂閱連結無效，請登入後在個人資料頁變更設定');
      return unsubscribeByToken(app.db, app.config.ingest.secret, token);
    },
  );
};
