import { AVATAR_MAX_BYTES, avatarUploadResponse, avatarUploadType } from '@atrium/protocol';
import { errorBody } from '@atrium/protocol/http';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorHandler } from '../../lib/error-handler.ts';
import { avatarTooLarge } from './check-avatar-bytes.ts';
import { issueAvatarUpload } from './issue-avatar-upload.ts';
import { openStoredAvatar } from './open-stored-avatar.ts';
import { receiveAvatarUpload } from './receive-avatar-upload.ts';

/** GET /v1/user/upload/avatar/{png|jpeg}: a short-lived upload address and the image address. */
export const avatarUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/upload/avatar/:type',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['profile'],
        summary: 'Request an avatar upload address (PUT the raw bytes to upload_url)',
        security: [{ bearer: [] }, { cookie: [] }],
        params: z.object({ type: avatarUploadType }),
        response: { 200: avatarUploadResponse, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => issueAvatarUpload(app.db, app.blobs, request.user!.id, request.params.type),
  );
};

const nameParams = z.object({ name: z.string().max(64) });

/**
 * The avatar files themselves: the disk store's signed PUT (S3 receives its uploads directly) and the
 * public, immutable GET of avatars that were stored on a profile.
 */
export const avatarFileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Raw bytes whatever the Content-Type says: the content is checked, never the label.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.put(
    '/uploads/avatar/:name',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['profile'],
        summary: 'Upload avatar bytes to a signed address (local disk store only)',
        params: nameParams,
        querystring: z.object({ expires: z.coerce.number().int(), sig: z.string().max(100) }),
        response: { 204: z.null(), 400: errorBody, 403: errorBody },
      },
      errorHandler(error: FastifyError, request, reply) {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          return reply.status(400).send(avatarTooLarge().toBody());
        }
        return errorHandler(error, request, reply);
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      await receiveAvatarUpload(app.db, app.blobs, { name, ...request.query, body: request.body });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/uploads/avatar/:name',
    {
      schema: {
        tags: ['profile'],
        summary: 'An avatar image (immutable: each upload gets a new address)',
        params: nameParams,
      },
    },
    async (request, reply) => {
      const avatar = await openStoredAvatar(app.db, app.blobs, request.params.name);
      return (
        reply
          .header('content-type', avatar.contentType)
          .header('content-length', avatar.size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          // Stated here, not left to helmet's default: the type was checked, no browser may guess another.
          .header('x-content-type-options', 'nosniff')
          // Other sites (e.g. a community forum) may show a learner's avatar.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(avatar.body)
      );
    },
  );
};
