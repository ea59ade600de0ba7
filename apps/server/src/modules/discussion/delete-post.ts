import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { discussionPosts } from '../../db/schema.ts';
import type { PostRow } from './post-view.ts';

/**
 * Removes a post. One with replies stays in place as 「此留言已刪除」 (its text emptied), so the replies keep
 * their context; anything else goes. When the last reply under such a placeholder goes, so does the placeholder.
 * Who may delete is the caller's rule (the author in the portal, staff in the console).
 */
export async function deletePost(db: Database, post: PostRow, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ replies } = { replies: 0 }] = await tx
      .select({ replies: count() })
      .from(discussionPosts)
      .where(eq(discussionPosts.parentId, post.id));
    if (replies > 0) {
      await tx
        .update(discussionPosts)
        .set({ deletedAt: now, body: '', pinnedAt: null })
        .where(eq(discussionPosts.id, post.id));
      return;
    }
    await tx.delete(discussionPosts).where(eq(discussionPosts.id, post.id));
    if (post.parentId) {
      const [{ left } = { left: 0 }] = await tx
        .select({ left: count() })
        .from(discussionPosts)
        .where(eq(discussionPosts.parentId, post.parentId));
      if (left === 0)
        await tx
          .delete(discussionPosts)
          .where(and(eq(discussionPosts.id, post.parentId), isNotNull(discussionPosts.deletedAt)));
    }
  });
}
