import { DISCUSSION_PAGE_SIZE, type DiscussionThread } from '@atrium/protocol/discussion';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { discussionPosts } from '../../db/schema.ts';
import { labelUsers } from '../account/index.ts';
import type { OpenThread } from './open-thread.ts';
import { toPostView } from './post-view.ts';

/**
 * GET …/posts?page=: a page of the thread's posts, pinned ones first and then oldest first (a conversation
 * reads top to bottom), each with all its replies oldest first. Learners never receive hidden posts or the
 * replies under them; staff receive them marked.
 */
export async function listThread(
  db: Database,
  thread: OpenThread,
  readerId: string,
  page: number,
): Promise<DiscussionThread> {
  const p = discussionPosts;
  const visible = (extra: SQL | undefined): SQL | undefined =>
    thread.staff ? extra : and(extra, isNull(p.hiddenAt));
  const inThread = and(eq(p.targetKind, thread.ref.kind), eq(p.targetId, thread.ref.targetId));
  const topLevel = visible(and(inThread, isNull(p.parentId)));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(p).where(topLevel);
  const posts = await db
    .select()
    .from(p)
    .where(topLevel)
    .orderBy(sql`${p.pinnedAt} is null`, asc(p.pinnedAt), asc(p.createdAt), asc(p.id))
    .limit(DISCUSSION_PAGE_SIZE)
    .offset((page - 1) * DISCUSSION_PAGE_SIZE);
  const replies =
    posts.length === 0
      ? []
      : await db
          .select()
          .from(p)
          .where(
            visible(
              inArray(
                p.parentId,
                posts.map((r) => r.id),
              ),
            ),
          )
          .orderBy(asc(p.createdAt), asc(p.id));
  const labels = await labelUsers(
    db,
    [...posts, ...replies].map((r) => r.authorId),
  );
  const nicknames = new Map([...labels].map(([id, l]) => [id, l.nickname]));
  return {
    items: posts.map((post) => ({
      ...toPostView(post, readerId, nicknames),
      replies: replies.filter((r) => r.parentId === post.id).map((r) => toPostView(r, readerId, nicknames)),
    })),
    pagination: { page, page_size: DISCUSSION_PAGE_SIZE, total },
    can_post: thread.writable,
    staff: thread.staff,
  };
}
