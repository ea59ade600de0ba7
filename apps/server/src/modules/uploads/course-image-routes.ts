import { COURSE_IMAGE_MAX_BYTES, courseImage } from '@atrium/protocol/community';
import { errorBody } from '@atrium/protocol/http';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../lib/audit-change.ts';
import { errorHandler } from '../../lib/error-handler.ts';
import { courseImageTooLarge, openCourseImage, storeCourseImage } from './store-course-image.ts';

/** POST /v1/console/community/course-images: raw image bytes from the Markdown editor (admins). */
export const courseImageUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Raw bytes whatever the Content-Type says: the content is checked, never the label.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: COURSE_IMAGE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.addHook('onResponse', auditChange);
  app.post(
    '/course-images',
    {
      onRequest: app.requireAdmin,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['console: community'],
        summary: 'Upload an image for course content (png, jpeg or webp, at most 2 MB)',
        security: [{ bearer: [] }, { cookie: [] }],
        response: { 201: courseImage, 400: errorBody, 401: errorBody, 403: errorBody },
      },
      errorHandler(error: FastifyError, request, reply) {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          return reply.status(400).send(courseImageTooLarge().toBody());
        return errorHandler(error, request, reply);
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return reply.status(201).send(await storeCourseImage(app.blobs, body));
    },
  );
};

/** GET /v1/course-images/{name}: for signed-in users (course content is for members and staff). */
export const courseImageFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/course-images/:name',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['training'],
        summary: 'An image of course content (immutable: each upload gets a new address)',
        security: [{ bearer: [] }, { cookie: [] }],
        params: z.object({ name: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const image = await openCourseImage(app.blobs, request.params.name);
      return reply
        .header('content-type', image.contentType)
        .header('content-length', image.size)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.body);
    },
  );
};
