import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signLearnerAssertion } from './learner-assertion.ts';

/**
 * `POST /v1/user/tracking-assertion`: the signed-in user's assertion, which the portal hands its tracker as
 * metadata so the recording names a learner the server verified, not only the id the page claims (ADR 0045).
 */
export const learnerAssertionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/tracking-assertion',
    {
      onRequest: [app.requireUser],
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['user'],
        security: [{ bearer: [] }, { cookie: [] }],
        summary: "The signed-in user's assertion for the session-recording tracker",
        response: { 200: z.object({ assertion: z.string(), expiresAt: z.number() }) },
      },
    },
    async (request) => signLearnerAssertion(app.config.ingest.secret, request.user!.id),
  );
};
