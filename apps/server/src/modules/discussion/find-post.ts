import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { discussionPosts } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { PostRow } from './post-view.ts';

export const postNotFound = () => notFound('找不到這則留言', 'post_not_found');

/** One stored post by id, or 404. */
export async function findPost(db: Database, postId: string): Promise<PostRow> {
  const [row] = await db.select().from(discussionPosts).where(eq(discussionPosts.id, postId)).limit(1);
  if (!row) throw postNotFound();
  return row;
}
