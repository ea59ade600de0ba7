import {
  DISCUSSION_BODY_MAX,
  DISCUSSION_POSTS_PER_MINUTE,
  discussionPageQuery,
  discussionPost,
  discussionPostParams,
  discussionReply,
  discussionThread,
  editDiscussionPost,
  newDiscussionPost,
  subChapterThreadParams,
  taskThreadParams,
} from '@atrium/protocol/discussion';
import { errorBody, security } from '@atrium/protocol/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { isStaff } from '../account/index.ts';
import { refuseInLearnersVoice } from '../impersonation/index.ts';
import { createPost } from './create-post.ts';
import { deleteOwnPost } from './delete-own-post.ts';
import { editPost } from './edit-post.ts';
import { listThread } from './list-thread.ts';
import { openThread, type ThreadRef } from './open-thread.ts';

const tags = ['discussion'];
const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};
/** The JSON of a longest post with room for escapes; anything larger is not a post. */
const BODY_LIMIT = DISCUSSION_BODY_MAX * 8;
/** Edits and deletions one person may make per minute: fixing a typo a few times, not rewriting a thread. */
const CHANGES_PER_MINUTE = 30;

/**
 * Counted per signed-in learner (a class may share one address) in the app's rate-limit store — Redis when
 * configured, so the limit holds across processes — before the body is read.
 */
function perPersonLimit(app: FastifyInstance, name: string, max: number) {
  const limiter = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.user?.id ?? request.ip}`,
  });
  return async (request: FastifyRequest) => {
    // Staff answer many learners at once and are not who a flood would come from.
    if (request.user && isStaff(request.user)) return;
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, Math.ceil(result.ttlInSeconds));
    throw new AppError(429, 'rate_limited', `留言過於頻繁，請於 ${seconds} 秒後再試`, {
      'retry-after': String(seconds),
    });
  };
}

const subRef = (p: z.infer<typeof subChapterThreadParams>): ThreadRef => ({
  classId: p.id,
  kind: 'sub_chapter',
  chapterId: p.chapterId,
  targetId: p.subId,
});
const taskRef = (p: z.infer<typeof taskThreadParams>): ThreadRef => ({
  classId: p.id,
  kind: 'task',
  chapterId: null,
  targetId: p.taskId,
});

/** The learner's side of discussion threads (ADR 0061): read, post, reply, edit and delete one's own. */
export const discussionRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { onRequest: app.requireUser };
  // Posting, editing and deleting speak in the learner's name: refused while an admin views as them.
  const post = {
    onRequest: [app.requireUser, perPersonLimit(app, 'discussion-post', DISCUSSION_POSTS_PER_MINUTE)],
    preHandler: refuseInLearnersVoice,
  };
  const change = {
    onRequest: [app.requireUser, perPersonLimit(app, 'discussion-change', CHANGES_PER_MINUTE)],
    preHandler: refuseInLearnersVoice,
  };

  const threads = [
    {
      path: '/training-classes/:id/chapters/:chapterId/subchapters/:subId/posts',
      params: subChapterThreadParams,
      ref: subRef,
      what: 'a sub-chapter',
    },
    {
      path: '/training-classes/:id/tasks/:taskId/posts',
      params: taskThreadParams,
      ref: taskRef,
      what: 'a task',
    },
  ] as const;

  for (const thread of threads) {
    const params = thread.params as z.ZodType<Record<string, string>>;
    const toRef = thread.ref as (p: Record<string, string>) => ThreadRef;
    app.get(
      thread.path,
      {
        ...read,
        schema: {
          tags,
          security,
          summary: `The thread under ${thread.what}: pinned posts first, then oldest first, with replies`,
          params,
          querystring: discussionPageQuery,
          response: { 200: discussionThread, ...errors },
        },
      },
      async (request) => {
        const open = await openThread(app.db, request.user!, toRef(request.params));
        return listThread(app.db, open, request.user!.id, request.query.page);
      },
    );
    app.post(
      thread.path,
      {
        ...post,
        bodyLimit: BODY_LIMIT,
        schema: {
          tags,
          security,
          summary: `Post in the thread under ${thread.what}, or reply to one of its posts (parent_id)`,
          params,
          body: newDiscussionPost,
          response: { 201: discussionPost, ...errors },
        },
      },
      async (request, reply) => {
        const open = await openThread(app.db, request.user!, toRef(request.params), { write: true });
        reply.status(201);
        return createPost(app.db, open, request.user!.id, request.body);
      },
    );
  }

  app.patch(
    '/discussion-posts/:postId',
    {
      ...change,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Change the text of my own post (marked 已編輯)',
        params: discussionPostParams,
        body: editDiscussionPost,
        response: { 200: discussionReply, ...errors },
      },
    },
    async (request) => editPost(app.db, request.user!, request.params.postId, request.body.body),
  );
  app.delete(
    '/discussion-posts/:postId',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Delete my own post (one with replies stays as 此留言已刪除)',
        params: discussionPostParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteOwnPost(app.db, request.user!, request.params.postId);
      return reply.status(204).send(null);
    },
  );
};
