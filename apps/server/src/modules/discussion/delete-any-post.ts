import type { Database } from '../../db/client.ts';
import { deletePost } from './delete-post.ts';
import { findPost, postNotFound } from './find-post.ts';

/** Console: staff delete any post (a placeholder stays when it has replies, as for its author); audited. */
export async function deleteAnyPost(db: Database, postId: string): Promise<void> {
  const post = await findPost(db, postId);
  if (post.deletedAt) throw postNotFound();
  await deletePost(db, post);
}
