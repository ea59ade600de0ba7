import type { Database } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import type { AuthUser } from '../../types.d.ts';
import { deletePost } from './delete-post.ts';
import { findPost, postNotFound } from './find-post.ts';
import { openThread, threadOf } from './open-thread.ts';

/** DELETE /v1/discussion-posts/{postId}: the author removes their own post, where they could still post. */
export async function deleteOwnPost(db: Database, user: AuthUser, postId: string): Promise<void> {
  const post = await findPost(db, postId);
  const thread = await openThread(db, user, threadOf(post), { write: true });
  if (post.deletedAt || (post.hiddenAt && !thread.staff)) throw postNotFound();
  if (post.authorId !== user.id) throw forbidden('只能刪除自己的留言', 'not_author');
  await deletePost(db, post);
}
