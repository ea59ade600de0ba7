import type { DiscussionReply } from '@atrium/protocol/discussion';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { discussionPosts } from '../../db/schema.ts';
import { forbidden } from '../../lib/errors.ts';
import type { AuthUser } from '../../types.d.ts';
import { labelUsers } from '../account/index.ts';
import { findPost, postNotFound } from './find-post.ts';
import { openThread, threadOf } from './open-thread.ts';
import { toPostView } from './post-view.ts';

/**
 * PATCH /v1/discussion-posts/{postId}: the author changes their own text, as long as they could still post
 * there (member, class not archived, sub-chapter open). The post is marked 已編輯 from then on.
 */
export async function editPost(
  db: Database,
  user: AuthUser,
  postId: string,
  body: string,
  now = new Date(),
): Promise<DiscussionReply> {
  const post = await findPost(db, postId);
  const thread = await openThread(db, user, threadOf(post), { write: true });
  if (post.deletedAt || (post.hiddenAt && !thread.staff)) throw postNotFound();
  if (post.authorId !== user.id) throw forbidden('只能編輯自己的留言', 'not_author');
  const [row] = await db
    .update(discussionPosts)
    .set({ body, editedAt: now })
    .where(eq(discussionPosts.id, postId))
    .returning();
  const labels = await labelUsers(db, [user.id]);
  return toPostView(row!, user.id, new Map([[user.id, labels.get(user.id)?.nickname ?? '']]));
}
