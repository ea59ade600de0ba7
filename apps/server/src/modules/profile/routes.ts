import {
  avatarBody,
  descriptionBody,
  nameBody,
  nicknameBody,
  passwordChangeBody,
  profileResponse,
} from '@atrium/protocol';
import { errorBody, security } from '@atrium/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backgroundWorkOf, changePassword } from '../account/index.ts';
import { refuseImpersonated } from '../impersonation/index.ts';
import { getProfile } from './get-profile.ts';
import { setAvatar } from './set-avatar.ts';
import { updateProfile } from './update-profile.ts';

const errors = { 400: errorBody, 401: errorBody };

/** The profile calls of spec 1 §7, all for the signed-in user only. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: a caller without a session learns nothing, not even which inputs are valid.
  app.addHook('onRequest', app.requireUser);
  const { mailer } = backgroundWorkOf(app);
  const userId = (request: { user: { id: string } | null }) => request.user!.id;

  app.get(
    '/user/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'My profile',
        security,
        response: { 200: profileResponse, ...errors },
      },
    },
    async (request) => getProfile(app.db, userId(request)),
  );

  app.put(
    '/user/profile/nickname',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change my nickname',
        security,
        body: nicknameBody,
        response: { 200: profileResponse, ...errors },
      },
    },
    async (request) => updateProfile(app.db, userId(request), { nickname: request.body.nickname }),
  );

  app.post(
    '/user/profile/name',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change my first and last name',
        security,
        body: nameBody,
        response: { 200: profileResponse, ...errors },
      },
    },
    async (request) =>
      updateProfile(app.db, userId(request), {
        firstName: request.body.first_name,
        lastName: request.body.last_name,
      }),
  );

  app.put(
    '/user/profile/description',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change my description',
        security,
        body: descriptionBody,
        response: { 200: profileResponse, ...errors },
      },
    },
    async (request) => updateProfile(app.db, userId(request), { description: request.body.description }),
  );

  app.put(
    '/user/profile/avatar',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['profile'],
        summary: 'Store an uploaded avatar (an image_url issued to me) on my profile',
        security,
        body: avatarBody,
        response: { 200: profileResponse, ...errors },
      },
    },
    async (request) => setAvatar(app.db, app.blobs, userId(request), request.body.avatar),
  );

  app.put(
    '/user/password',
    {
      preHandler: refuseImpersonated,
      // Each try costs an argon2 verify and guesses the old password: keep both rare.
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['profile'],
        summary: 'Change my password; my other sessions are signed out',
        security,
        body: passwordChangeBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await changePassword(
        { db: app.db, mail: mailer.send, publicUrl: app.config.publicUrl },
        {
          userId: userId(request),
          sessionId: request.user!.sessionId,
          oldPassword: request.body.old_password,
          newPassword: request.body.new_password,
        },
      );
      return reply.status(204).send(null);
    },
  );
};
