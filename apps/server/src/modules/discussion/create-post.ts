import type { DiscussionPost, NewDiscussionPost } from '@atrium/protocol/discussion';
import type { Database } from '../../db/client.ts';
import { discussionPosts } from '../../db/schema.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { labelUsers } from '../account/index.ts';
import { notifyUser } from '../notify/index.ts';
import { findPost, postNotFound } from './find-post.ts';
import type { OpenThread } from './open-thread.ts';
import { toPostView } from './post-view.ts';

/** How much of a reply its notification quotes. */
const EXCERPT = 80;

/**
 * POST …/posts: a post in the thread, or a reply to one of its posts (one level: a reply to a reply is
 * refused). The author of the post replied to hears of it — never the one who replied to themselves.
 * `thread` was opened with `write: true`.
 */
export async function createPost(
  db: Database,
  thread: OpenThread,
  authorId: string,
  input: NewDiscussionPost,
): Promise<DiscussionPost> {
  let parentAuthor: string | null = null;
  if (input.parent_id) {
    const parent = await findPost(db, input.parent_id).catch(() => null);
    // Another thread's post, or one hidden from a learner, is as good as missing.
    if (
      !parent ||
      parent.targetKind !== thread.ref.kind ||
      parent.targetId !== thread.ref.targetId ||
      (parent.hiddenAt && !thread.staff)
    )
      throw postNotFound();
    if (parent.parentId) throw badRequest('reply_depth', '只能回覆留言，不能回覆回覆');
    if (parent.deletedAt) throw conflict('post_deleted', '這則留言已刪除，無法回覆');
    parentAuthor = parent.authorId;
  }
  const [row] = await db
    .insert(discussionPosts)
    .values({
      classId: thread.ref.classId,
      targetKind: thread.ref.kind,
      targetId: thread.ref.targetId,
      chapterId: thread.ref.chapterId,
      parentId: input.parent_id ?? null,
      authorId,
      body: input.body,
    })
    .returning();
  const labels = await labelUsers(db, [authorId]);
  const nickname = labels.get(authorId)?.nickname ?? '';
  if (parentAuthor && parentAuthor !== authorId) {
    const excerpt = input.body.length > EXCERPT ? `${input.body.slice(0, EXCERPT)}…` : input.body;
    await notifyUser(db, parentAuthor, {
      title: `${nickname || '有人'} 回覆了你的留言`,
      body: excerpt,
      category: 'training',
      link: `${thread.link}#post-${input.parent_id}`,
    });
  }
  return { ...toPostView(row!, authorId, new Map([[authorId, nickname]])), replies: [] };
}
