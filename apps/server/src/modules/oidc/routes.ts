import {
  oidcAuthorizeBody,
  oidcCallbackBody,
  oidcCallbackResult,
  oidcConfirmBody,
  oidcProviderName,
  oidcProvidersResponse,
  oidcRedirect,
  signedIn,
} from '@atrium/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEVICE_COOKIE } from '../account/account-cookies.ts';
import { type AccountDeps, backgroundMailer } from '../account/account-deps.ts';
import type { SignInContext, SignInResult } from '../account/complete-sign-in.ts';
import { setSessionCookie } from '../account/session-cookie.ts';
import { refuseImpersonated } from '../impersonation/refuse-impersonated.ts';
import { confirmOidcLink } from './confirm-oidc-link.ts';
import { finishOidcFlow } from './finish-oidc-flow.ts';
import { createOidcClients } from './oidc-clients.ts';
import { oidcFlowCookie } from './oidc-cookie.ts';
import type { OidcDeps } from './oidc-deps.ts';
import { startOidcFlow } from './start-oidc-flow.ts';
import { unlinkOidcIdentity } from './unlink-oidc-identity.ts';

const tags = ['oidc'];
const errorBody = z.object({ message: z.string(), code: z.string() });
const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  503: errorBody,
};
const providerParams = z.object({ provider: oidcProviderName });
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** Third-party sign-in with OpenID Connect (ADR 0036), under /v1. */
export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailer = backgroundMailer(app.mailer, app.log);
  app.addHook('preClose', () => mailer.flush());
  const account: AccountDeps = { db: app.db, config: app.config, log: app.log, mail: mailer.send };
  const deps: OidcDeps = { account, clients: createOidcClients(app.config.oidc.providers) };

  const contextOf = (request: FastifyRequest): SignInContext => ({
    userAgent: request.headers['user-agent'],
    ip: request.ip,
    device: request.cookies[DEVICE_COOKIE],
  });
  // The same session, cookie and answer as a password sign-in.
  const signedInReply = (reply: FastifyReply, result: SignInResult) => {
    setSessionCookie(reply, app.config, result.session.token, result.session.expiresAt);
    return { status: 'signed_in' as const, user: result.user, token: result.session.token };
  };

  app.get(
    '/oidc/providers',
    {
      schema: {
        tags,
        summary: 'The third-party sign-in providers offered',
        response: { 200: oidcProvidersResponse },
      },
    },
    async () => ({
      providers: app.config.oidc.providers.map((p) => ({ name: p.name, display_name: p.displayName })),
    }),
  );

  app.post(
    '/oidc/:provider/authorize',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: "Start a sign-in (or a link, signed in) at a provider; answers the provider's address",
        params: providerParams,
        body: oidcAuthorizeBody,
        response: { 200: oidcRedirect, ...errors },
      },
    },
    async (request, reply) => {
      let userId: string | undefined;
      if (request.body.intent === 'link') {
        await app.requireUser(request, reply);
        // Linking adds a way into the account: not while an admin views as the learner.
        await refuseImpersonated(request);
        userId = request.user!.id;
      }
      const started = await startOidcFlow(deps, {
        provider: request.params.provider,
        intent: request.body.intent,
        userId,
      });
      oidcFlowCookie.set(reply, app.config, started.browser, started.expiresAt);
      return { redirect_url: started.redirectUrl };
    },
  );

  app.post(
    '/oidc/:provider/callback',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Finish a sign-in or link with the query the provider returned to /{provider}callback',
        params: providerParams,
        body: oidcCallbackBody,
        response: { 200: oidcCallbackResult, ...errors },
      },
    },
    async (request, reply) => {
      const browser = request.cookies[oidcFlowCookie.name];
      // Single use whatever happens next: a retry must start again at the provider.
      oidcFlowCookie.clear(reply, app.config);
      const token = request.headers.authorization || request.cookies.token;
      if (token) await app.requireUser(request, reply).catch(() => undefined);
      const outcome = await finishOidcFlow(
        deps,
        {
          provider: request.params.provider,
          search: request.body.search,
          browser,
          currentUserId: request.user?.id,
        },
        contextOf(request),
      );
      if (outcome.status === 'signed_in') return signedInReply(reply, outcome);
      if (outcome.status === 'linked') return { status: 'linked' as const };
      oidcFlowCookie.set(reply, app.config, outcome.browser, outcome.expiresAt);
      return { status: 'password_required' as const, email: outcome.email };
    },
  );

  app.post(
    '/oidc/link/confirm',
    {
      // Each try costs an argon2 verify and guesses a password.
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags,
        summary: "Prove the existing account's password to link the provider's account and sign in",
        body: oidcConfirmBody,
        response: { 200: signedIn, ...errors },
      },
    },
    async (request, reply) => {
      const result = await confirmOidcLink(
        deps,
        { browser: request.cookies[oidcFlowCookie.name], password: request.body.password },
        contextOf(request),
      );
      oidcFlowCookie.clear(reply, app.config);
      return signedInReply(reply, result);
    },
  );

  app.delete(
    '/user/thirdparty/:provider',
    {
      onRequest: app.requireUser,
      preHandler: refuseImpersonated,
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Unlink a third-party sign-in from my account',
        security: [{ bearer: [] }, { cookie: [] }],
        params: providerParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await unlinkOidcIdentity(app.db, request.user!.id, request.params.provider);
      return reply.status(204).send(null);
    },
  );
};
