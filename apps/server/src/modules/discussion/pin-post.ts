import type { DiscussionReply } from '@atrium/protocol/discussion';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { discussionPosts } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { labelUsers } from '../account/index.ts';
import { findPost } from './find-post.ts';
import { toPostView } from './post-view.ts';

/** Staff pin a post to the top of its thread (pinned ones in pin order) or unpin it; audited by the route. */
export async function pinPost(
  db: Database,
  staffId: string,
  postId: string,
  pinned: boolean,
  now = new Date(),
): Promise<DiscussionReply> {
  const post = await findPost(db, postId);
  // Replies sit under their post; only a thread's posts have an order to change.
  if (post.parentId) throw badRequest('pin_reply', '只能置頂留言，不能置頂回覆');
  if (post.deletedAt) throw badRequest('post_deleted', '已刪除的留言不能置頂');
  const [row] = await db
    .update(discussionPosts)
    .set({ pinnedAt: pinned ? (post.pinnedAt ?? now) : null })
    .where(eq(discussionPosts.id, postId))
    .returning();
  const labels = await labelUsers(db, [row!.authorId]);
  return toPostView(row!, staffId, new Map([[row!.authorId, labels.get(row!.authorId)?.nickname ?? '']]));
}
