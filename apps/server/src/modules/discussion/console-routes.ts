import { classIdParams } from '@atrium/protocol/community';
import {
  consoleDiscussionList,
  consoleDiscussionQuery,
  discussionPostParams,
  discussionReply,
  hideDiscussionPost,
  pinDiscussionPost,
} from '@atrium/protocol/discussion';
import { errorBody, security } from '@atrium/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../lib/audit-change.ts';
import { findAdminClass } from '../training/index.ts';
import { deleteAnyPost } from './delete-any-post.ts';
import { hidePost } from './hide-post.ts';
import { listClassPosts } from './list-class-posts.ts';
import { pinPost } from './pin-post.ts';

const tags = ['console: community'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * Moderation of a class's threads, at /v1/console/community (ADR 0061). Agents read; admins hide, pin and
 * delete (ADR 0025), and every such change goes into the console audit like other community changes.
 */
export const discussionConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onResponse', auditChange);
  const read = { onRequest: app.requireAgent };
  const change = { onRequest: app.requireAdmin };

  app.get(
    '/classes/:id/discussion',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: "The class's posts and replies, newest first; show=hidden lists what staff hid",
        params: classIdParams,
        querystring: consoleDiscussionQuery,
        response: { 200: consoleDiscussionList, ...errors },
      },
    },
    async (request) => {
      await findAdminClass(app.db, request.params.id);
      return listClassPosts(app.db, request.user!.id, request.params.id, request.query);
    },
  );
  app.put(
    '/discussion-posts/:postId/hidden',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Hide a post from learners (its replies with it), or show it again',
        params: discussionPostParams,
        body: hideDiscussionPost,
        response: { 200: discussionReply, ...errors },
      },
    },
    async (request) => hidePost(app.db, request.user!.id, request.params.postId, request.body.hidden),
  );
  app.put(
    '/discussion-posts/:postId/pinned',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Pin a post to the top of its thread, or unpin it',
        params: discussionPostParams,
        body: pinDiscussionPost,
        response: { 200: discussionReply, ...errors },
      },
    },
    async (request) => pinPost(app.db, request.user!.id, request.params.postId, request.body.pinned),
  );
  app.delete(
    '/discussion-posts/:postId',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Delete any post (one with replies stays as 此留言已刪除)',
        params: discussionPostParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAnyPost(app.db, request.params.postId);
      return reply.status(204).send(null);
    },
  );
};
