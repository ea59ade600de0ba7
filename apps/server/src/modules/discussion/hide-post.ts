import type { DiscussionReply } from '@atrium/protocol/discussion';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { discussionPosts } from '../../db/schema.ts';
import { labelUsers } from '../account/index.ts';
import { findPost } from './find-post.ts';
import { toPostView } from './post-view.ts';

/** Staff hide a post (learners stop receiving it and its replies) or show it again; audited by the route. */
export async function hidePost(
  db: Database,
  staffId: string,
  postId: string,
  hidden: boolean,
  now = new Date(),
): Promise<DiscussionReply> {
  await findPost(db, postId);
  const [row] = await db
    .update(discussionPosts)
    .set(hidden ? { hiddenAt: now, hiddenBy: staffId } : { hiddenAt: null, hiddenBy: null })
    .where(eq(discussionPosts.id, postId))
    .returning();
  const labels = await labelUsers(db, [row!.authorId]);
  return toPostView(row!, staffId, new Map([[row!.authorId, labels.get(row!.authorId)?.nickname ?? '']]));
}
