import {
  emailAccepted,
  entryResponse,
  loginBody,
  loginResult,
  loginVerifyBody,
  registerBody,
  registerVerifyBody,
  resendBody,
  resetRequestBody,
  resetVerifyBody,
  resetVerifyQuery,
  signedIn,
} from '@atrium/protocol';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clearLoginTicketCookie,
  DEVICE_COOKIE,
  LOGIN_TICKET_COOKIE,
  setLoginTicketCookie,
} from './account-cookies.ts';
import { type AccountDeps, backgroundWorkOf, type GuardedAccountDeps } from './account-deps.ts';
import { accountThrottle } from './account-throttle.ts';
import { sessionTokenOf } from './authenticate.ts';
import type { SignInContext } from './complete-sign-in.ts';
import { getEntry } from './get-entry.ts';
import { logIn } from './log-in.ts';
import { logOut } from './log-out.ts';
import { prepareDummyHash } from './password.ts';
import { registerAccount } from './register-account.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { resendVerification } from './resend-verification.ts';
import { resetPassword } from './reset-password.ts';
import { clearSessionCookie } from './session-cookie.ts';
import { signedInReply } from './signed-in-reply.ts';
import { verifyLogin } from './verify-login.ts';
import { verifyRegistration } from './verify-registration.ts';

/** Per-IP limits of ADR 0002: sign-in, sign-up, mails and code entry. Per-account ones: ADR 0013. */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
const LIMITS = {
  login: perMinute(10),
  register: perMinute(5),
  mail: perMinute(5),
  codeEntry: perMinute(10),
};

const tags = ['account'];

/** The account calls of spec 1 §7 under /v1 (shapes in @atrium/protocol account.ts). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Work and mails still in flight are finished before the database and the mailer close.
  const { mailer, work } = backgroundWorkOf(app);
  const deps: AccountDeps = { db: app.db, config: app.config, log: app.log, mail: mailer.send };
  const guarded: GuardedAccountDeps = {
    ...deps,
    throttle: accountThrottle(app.rateCounters, app.config.rateLimit.enabled),
    later: work.run,
  };
  prepareDummyHash();

  const contextOf = (request: FastifyRequest): SignInContext => ({
    userAgent: request.headers['user-agent'],
    ip: request.ip,
    device: request.cookies[DEVICE_COOKIE],
  });

  app.post(
    '/user/register',
    {
      config: LIMITS.register,
      schema: {
        tags,
        summary: 'Sign up; the same answer whether or not the address is taken',
        body: registerBody,
        response: { 201: emailAccepted },
      },
    },
    async (request, reply) => {
      await registerAccount(deps, request.body);
      return reply.status(201).send({ email: request.body.email });
    },
  );

  app.put(
    '/user/register/verify',
    {
      config: LIMITS.codeEntry,
      schema: {
        tags,
        summary: 'Complete a registration (link token, or e-mail and code) or claim an old account',
        body: registerVerifyBody,
        response: { 200: signedIn },
      },
    },
    async (request, reply) =>
      signedInReply(reply, app.config, await verifyRegistration(guarded, request.body, contextOf(request))),
  );

  app.post(
    '/user/register/verify',
    {
      config: LIMITS.mail,
      schema: {
        tags,
        summary: 'Send the verification or claim mail again',
        body: resendBody,
        response: { 202: emailAccepted },
      },
    },
    async (request, reply) => {
      await resendVerification(guarded, request.body.email);
      return reply.status(202).send({ email: request.body.email });
    },
  );

  app.post(
    '/user/login',
    {
      config: LIMITS.login,
      schema: {
        tags,
        summary: 'Sign in; a new browser must then enter a mailed code',
        body: loginBody,
        response: { 200: loginResult },
      },
    },
    async (request, reply) => {
      const outcome = await logIn(guarded, request.body, contextOf(request));
      if (outcome.status === 'signed_in') return signedInReply(reply, app.config, outcome);
      setLoginTicketCookie(reply, app.config, outcome.ticket, outcome.ticketExpiresAt);
      return { status: 'verify_required' as const, email: outcome.email };
    },
  );

  app.put(
    '/user/login/verify',
    {
      config: LIMITS.codeEntry,
      schema: {
        tags,
        summary: 'Enter the mailed sign-in code (the login_ticket cookie names the sign-in)',
        body: loginVerifyBody,
        response: { 200: signedIn },
      },
    },
    async (request, reply) => {
      const result = await verifyLogin(
        guarded,
        request.cookies[LOGIN_TICKET_COOKIE],
        request.body.code,
        contextOf(request),
      );
      clearLoginTicketCookie(reply, app.config);
      return signedInReply(reply, app.config, result);
    },
  );

  app.post(
    '/user/reset_password',
    {
      config: LIMITS.mail,
      schema: {
        tags,
        summary: 'Mail a password reset link; the same answer for unknown addresses',
        body: resetRequestBody,
        response: { 202: emailAccepted },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(guarded, request.body.email);
      return reply.status(202).send({ email: request.body.email });
    },
  );

  app.post(
    '/user/reset_password/verify',
    {
      config: LIMITS.codeEntry,
      schema: {
        tags,
        summary: 'Set a new password with the mailed link; signs every session out',
        querystring: resetVerifyQuery,
        body: resetVerifyBody,
        response: { 200: emailAccepted },
      },
    },
    async (request, reply) => {
      const result = await resetPassword(deps, request.query.token, request.body.password);
      clearSessionCookie(reply, app.config);
      return { email: result.email };
    },
  );

  app.get(
    '/entry',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Session check: who is signed in',
        security: [{ bearer: [] }, { cookie: [] }],
        response: { 200: entryResponse },
      },
    },
    async (request) => getEntry(app.db, request.user!.id),
  );

  app.post(
    '/user/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: the token stops working and the cookie is cleared',
        security: [{ bearer: [] }, { cookie: [] }],
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await logOut(app.db, sessionTokenOf(request));
      clearSessionCookie(reply, app.config);
      return reply.status(204).send(null);
    },
  );
};
