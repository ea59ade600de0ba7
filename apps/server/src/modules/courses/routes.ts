import {
  coursePlatformsResponse,
  platformLoginQuery,
  platformLoginResponse,
  registeredCoursesQuery,
  registeredCoursesResponse,
} from '@atrium/protocol';
import { errorBody, security } from '@atrium/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AccountDeps,
  backgroundWorkOf,
  DEVICE_COOKIE,
  sessionTokenOf,
  setSignInCookies,
} from '../account/index.ts';
import { refuseImpersonated } from '../impersonation/index.ts';
import { finishPlatformSignIn } from './finish-platform-sign-in.ts';
import { platformFlowCookie } from './platform-cookie.ts';
import { configuredPlatforms } from './platform-of.ts';
import { listRegisteredCourses } from './registered-courses.ts';
import { startPlatformSignIn } from './start-platform-sign-in.ts';
import { unbindPlatform } from './unbind-platform.ts';
import { subscribeUnbindOnPasswordReplaced } from './unbind-platforms-on-password-replaced.ts';

const tags = ['course-platform'];
const platformParams = z.object({ platform: z.string().regex(/^[a-z][a-z0-9-]{0,30}$/) });
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
/** Where the portal picks up after the platform: it reads the stored redirect type and route (spec 1 §3). */
const PORTAL_RETURN = '/login/course-platform';

/** The external course platform's sign-in and binding (ADR 0037), under /v1. */
export const coursePlatformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mailer } = backgroundWorkOf(app);
  const deps: AccountDeps = { db: app.db, config: app.config, log: app.log, mail: mailer.send };
  subscribeUnbindOnPasswordReplaced();

  app.get(
    '/course-platforms',
    {
      schema: {
        tags,
        summary: 'The course platforms offered (none when unconfigured)',
        response: { 200: coursePlatformsResponse },
      },
    },
    async () => ({
      platforms: configuredPlatforms(app.config).map((p) => ({
        name: p.name,
        display_name: p.displayName,
        school_url: p.schoolUrl,
      })),
    }),
  );

  // Registered video courses come from the course platform, read through its cache (ADR 0037); the profile
  // page shows them. The route lives here, not in profile: courses stands above profile (ADR 0080).
  app.get(
    '/user/courses',
    {
      onRequest: app.requireUser,
      // A refresh asks the course platform; the cached answer costs nothing.
      config: perMinute(30),
      schema: {
        tags: ['profile'],
        summary: 'My registered video courses (cached; ?refresh=1 reads the course platform now)',
        security,
        querystring: registeredCoursesQuery,
        response: { 200: registeredCoursesResponse, 400: errorBody, 401: errorBody, 503: errorBody },
      },
    },
    async (request) =>
      listRegisteredCourses(app, request.user!.id, { refresh: request.query.refresh === '1' }),
  );

  app.delete(
    '/user/course-platform/:platform',
    {
      onRequest: app.requireUser,
      // The binding is a way into the account: not changed while an admin views as the learner (ADR 0035).
      preHandler: refuseImpersonated,
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Unbind my course-platform account',
        security: [{ bearer: [] }, { cookie: [] }],
        params: platformParams,
        response: { 204: z.null(), 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      await unbindPlatform(app.db, request.user!.id, request.params.platform);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user/login/:platform',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: "The platform's sign-in address; signed in, it binds the platform account to me",
        params: platformParams,
        querystring: platformLoginQuery,
        response: { 200: platformLoginResponse, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      // A stale token signs in as nobody rather than failing: this is also the signed-out sign-in.
      if (sessionTokenOf(request)) await app.requireUser(request, reply).catch(() => undefined);
      // Binding adds a way into the account: not while an admin views as the learner.
      if (request.user) await refuseImpersonated(request);
      const started = await startPlatformSignIn(app.db, app.config, {
        platform: request.params.platform,
        userId: request.user?.id,
      });
      platformFlowCookie.set(reply, app.config, started.browser, started.expiresAt);
      return { redirect_url: started.redirectUrl };
    },
  );

  app.get(
    '/course-platform/:platform/callback',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Return point of the platform; redirects to the portal with the outcome',
        params: platformParams,
        querystring: z.object({
          code: z.string().max(2048).optional(),
          state: z.string().max(256).optional(),
          error: z.string().max(256).optional(),
        }),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      const browser = request.cookies[platformFlowCookie.name];
      platformFlowCookie.clear(reply, app.config);
      const outcome = await finishPlatformSignIn(
        deps,
        { platform: request.params.platform, query: request.query, browser },
        { userAgent: request.headers['user-agent'], ip: request.ip, device: request.cookies[DEVICE_COOKIE] },
      );
      if (outcome.status === 'signed_in') setSignInCookies(reply, app.config, outcome);
      const result = outcome.status === 'failed' ? `error=${outcome.reason}` : `status=${outcome.status}`;
      return reply.redirect(`${PORTAL_RETURN}?${result}`, 302);
    },
  );
};
