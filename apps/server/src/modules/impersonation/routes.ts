import {
  impersonationAuditPage,
  impersonationAuditQuery,
  impersonationBeginBody,
  impersonationBegun,
  impersonationMintBody,
  impersonationMinted,
} from '@atrium/protocol';
import { security } from '@atrium/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { beginImpersonation } from './begin-impersonation.ts';
import { listImpersonationAudit } from './list-impersonation-audit.ts';
import { mintImpersonation } from './mint-impersonation.ts';

const tags = ['impersonation'];

/** POST /v1/console/impersonation: an admin mints a token to view the portal as one learner. */
export const impersonationConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/impersonation/audit',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary:
          'The impersonation audit trail: every mint, use, refusal and change made as the learner, newest first (admins only)',
        security,
        querystring: impersonationAuditQuery,
        response: { 200: impersonationAuditPage },
      },
    },
    async (request) =>
      listImpersonationAudit(app.db, {
        learnerId: request.query.learner_id,
        adminId: request.query.admin_id,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  app.post(
    '/impersonation',
    {
      onRequest: app.requireAdmin,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Mint an impersonation token for one learner (admins only; audited)',
        security,
        body: impersonationMintBody,
        response: { 201: impersonationMinted },
      },
    },
    async (request, reply) => {
      const minted = await mintImpersonation(app.db, {
        adminId: request.user!.id,
        adminSessionId: request.user!.sessionId,
        learner: { id: request.body.user_id, email: request.body.email },
        seconds: request.body.seconds,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      const query = new URLSearchParams({
        h_use_this_user_token: minted.token,
        h_time_limit: String(minted.expiresAt.getTime()),
      });
      return reply.status(201).send({
        token: minted.token,
        expires_at: minted.expiresAt.toISOString(),
        portal_path: `/dashboard?${query}`,
      });
    },
  );
};

/** POST /v1/user/impersonation: the portal's check before it swaps to a token from its address bar. */
export const impersonationUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/impersonation',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Accept a minted impersonation token; any other token is refused (audited)',
        body: impersonationBeginBody,
        response: { 200: impersonationBegun },
      },
    },
    async (request) => {
      const begun = await beginImpersonation(app.db, request.body.token, request.ip);
      return { expires_at: begun.expiresAt.toISOString() };
    },
  );
};
