import { z } from 'zod';

/**
 * Discussion threads (ADR 0061): one thread under each sub-chapter and each task of a class. Learners read and
 * post at `/v1/training-classes/{id}/…/posts`, edit and delete their own at `/v1/discussion-posts/{postId}`;
 * staff moderate at `/v1/console/community/…`. Replies are one level deep: a reply answers a post, never a reply.
 */

/** A post's Markdown, at most this many characters: a long answer fits, a pasted log does not. */
export const DISCUSSION_BODY_MAX = 5000;
/** Top-level posts per page of a thread; each comes with all its replies. */
export const DISCUSSION_PAGE_SIZE = 20;
/** Posts and replies one person may write per minute, across threads. */
export const DISCUSSION_POSTS_PER_MINUTE = 10;

const id = (what: string) => z.uuid({ message: `${what}格式錯誤` });

export const discussionBodyText = z
  .string({ message: '請輸入留言內容' })
  .trim()
  .min(1, '請輸入留言內容')
  .max(DISCUSSION_BODY_MAX, `留言最多 ${DISCUSSION_BODY_MAX} 字`);

/** POST …/posts: a new post, or a reply when `parent_id` names a post of the same thread. */
export const newDiscussionPost = z.strictObject({
  body: discussionBodyText,
  parent_id: id('留言編號').optional(),
});
export type NewDiscussionPost = z.infer<typeof newDiscussionPost>;

/** PATCH /v1/discussion-posts/{postId}: the author's new text. */
export const editDiscussionPost = z.strictObject({ body: discussionBodyText });
export type EditDiscussionPost = z.infer<typeof editDiscussionPost>;

export const discussionPageQuery = z.strictObject({
  page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
});

export const subChapterThreadParams = z.object({
  id: id('課程編號'),
  chapterId: id('章節編號'),
  subId: id('單元編號'),
});
export const taskThreadParams = z.object({ id: id('課程編號'), taskId: id('任務編號') });
export const discussionPostParams = z.object({ postId: id('留言編號') });

export const discussionTargetKind = z.enum(['sub_chapter', 'task']);
export type DiscussionTargetKind = z.infer<typeof discussionTargetKind>;

const postFields = {
  id: z.string(),
  parent_id: z.string().nullable(),
  author: z.object({ id: z.string(), nickname: z.string() }),
  /** Empty when the post was deleted (it stays as 「此留言已刪除」 because it has replies). */
  body: z.string(),
  created_at: z.string(),
  /** Set once the author changed the text: the portal shows 已編輯. */
  edited_at: z.string().nullable(),
  deleted: z.boolean(),
  /** Only staff ever receive hidden posts, marked so. */
  hidden: z.boolean(),
  pinned: z.boolean(),
  /** The reader wrote it: they may edit and delete it. */
  mine: z.boolean(),
};
export const discussionReply = z.object(postFields);
export type DiscussionReply = z.infer<typeof discussionReply>;
export const discussionPost = z.object({ ...postFields, replies: z.array(discussionReply) });
export type DiscussionPost = z.infer<typeof discussionPost>;

/** GET …/posts?page=: pinned posts first, then oldest first; replies oldest first. */
export const discussionThread = z.object({
  items: z.array(discussionPost),
  pagination: z.object({ page: z.number(), page_size: z.number(), total: z.number() }),
  /** False in an archived class (read-only, ADR 0049): the portal shows why instead of the form. */
  can_post: z.boolean(),
  /** The reader is staff: hidden posts are included, marked. */
  staff: z.boolean(),
});
export type DiscussionThread = z.infer<typeof discussionThread>;

/** Console: every post of a class, newest first, with the thread it belongs to. */
export const consoleDiscussionQuery = z.strictObject({
  page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
  /** `hidden`: only what staff hid. */
  show: z.enum(['all', 'hidden']).default('all'),
});
export const consoleDiscussionPost = z.object({
  ...postFields,
  target_kind: discussionTargetKind,
  target_id: z.string(),
  /** The sub-chapter's chapter, so the console can link the portal page; null for a task. */
  chapter_id: z.string().nullable(),
  reply_count: z.number(),
});
export type ConsoleDiscussionPost = z.infer<typeof consoleDiscussionPost>;
export const consoleDiscussionList = z.object({
  items: z.array(consoleDiscussionPost),
  pagination: z.object({ page: z.number(), page_size: z.number(), total: z.number() }),
});
export type ConsoleDiscussionList = z.infer<typeof consoleDiscussionList>;

export const hideDiscussionPost = z.strictObject({
  hidden: z.boolean({ message: 'hidden 須為 true 或 false' }),
});
export const pinDiscussionPost = z.strictObject({
  pinned: z.boolean({ message: 'pinned 須為 true 或 false' }),
});
