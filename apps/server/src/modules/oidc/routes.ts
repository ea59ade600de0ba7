import {
  loginVerifyBody,
  oidcAuthorizeBody,
  oidcCallbackBody,
  oidcCallbackResult,
  oidcConfirmBody,
  oidcProviderName,
  oidcProvidersResponse,
  oidcRedirect,
  oidcVerifyRequired,
  signedIn,
} from '@atrium/protocol';
import { errorBody } from '@atrium/protocol/http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SignInContext } from '../account/index.ts';
import {
  accountThrottle,
  backgroundWorkOf,
  DEVICE_COOKIE,
  type GuardedAccountDeps,
  signedInReply,
} from '../account/index.ts';
import { refuseImpersonated } from '../impersonation/index.ts';
import { confirmOidcLink } from './confirm-oidc-link.ts';
import { finishOidcFlow } from './finish-oidc-flow.ts';
import { subscribeForgetIdentitiesOnPasswordReplaced } from './forget-identities-on-password-replaced.ts';
import { createOidcClients } from './oidc-clients.ts';
import { oidcFlowCookie } from './oidc-cookie.ts';
import { startOidcFlow } from './start-oidc-flow.ts';
import { unlinkOidcIdentity } from './unlink-oidc-identity.ts';
import { verifyOidcLink } from './verify-oidc-link.ts';

const tags = ['oidc'];
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
  const { mailer, work } = backgroundWorkOf(app);
  const account: GuardedAccountDeps = {
    db: app.db,
    config: app.config,
    log: app.log,
    mail: mailer.send,
    throttle: accountThrottle(app.rateCounters, app.config.rateLimit.enabled),
    later: work.run,
  };
  const deps = { account, clients: createOidcClients(app.config.oidc.providers) };
  subscribeForgetIdentitiesOnPasswordReplaced();

  const contextOf = (request: FastifyRequest): SignInContext => ({
    userAgent: request.headers['user-agent'],
    ip: request.ip,
    device: request.cookies[DEVICE_COOKIE],
  });

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
      if (outcome.status === 'signed_in') return signedInReply(reply, app.config, outcome);
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
        summary: "Prove the existing account's password to link the provider's account; a code is mailed",
        body: oidcConfirmBody,
        response: { 200: oidcVerifyRequired, ...errors },
      },
    },
    async (request, reply) => {
      const browser = request.cookies[oidcFlowCookie.name];
      const pending = await confirmOidcLink(deps, { browser, password: request.body.password });
      // The same cookie names the pending link until the code is entered.
      if (browser) oidcFlowCookie.set(reply, app.config, browser, pending.expiresAt);
      return { status: 'verify_required' as const, email: pending.email };
    },
  );

  app.post(
    '/oidc/link/verify',
    {
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Enter the code mailed to the account to finish linking the provider, and sign in',
        body: loginVerifyBody,
        response: { 200: signedIn, ...errors },
      },
    },
    async (request, reply) => {
      const result = await verifyOidcLink(
        deps,
        { browser: request.cookies[oidcFlowCookie.name], code: request.body.code },
        contextOf(request),
      );
      oidcFlowCookie.clear(reply, app.config);
      return signedInReply(reply, app.config, result);
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
      await unlinkOidcIdentity(deps, request.user!.id, request.params.provider);
      return reply.status(204).send(null);
    },
  );
};
