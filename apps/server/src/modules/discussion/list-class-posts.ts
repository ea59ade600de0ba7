import type { ConsoleDiscussionList, DiscussionTargetKind } from '@atrium/protocol/discussion';
import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { discussionPosts } from '../../db/schema.ts';
import { labelUsers } from '../account/index.ts';
import { toPostView } from './post-view.ts';

/** Posts per page of the console's moderation list. */
export const CONSOLE_PAGE_SIZE = 50;

/**
 * Console: every post and reply of a class, newest first (what staff have not seen yet is on top), hidden ones
 * included and marked; `hidden` lists only those. Each says which thread it is in.
 */
export async function listClassPosts(
  db: Database,
  staffId: string,
  classId: string,
  query: { page: number; show: 'all' | 'hidden' },
): Promise<ConsoleDiscussionList> {
  const p = discussionPosts;
  const where = and(eq(p.classId, classId), query.show === 'hidden' ? isNotNull(p.hiddenAt) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(p).where(where);
  const rows = await db
    .select()
    .from(p)
    .where(where)
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(CONSOLE_PAGE_SIZE)
    .offset((query.page - 1) * CONSOLE_PAGE_SIZE);
  const ids = rows.filter((r) => r.parentId === null).map((r) => r.id);
  const replyCounts =
    ids.length === 0
      ? []
      : await db
          .select({ parentId: p.parentId, replies: count() })
          .from(p)
          .where(inArray(p.parentId, ids))
          .groupBy(p.parentId);
  const counts = new Map(replyCounts.map((r) => [r.parentId, r.replies]));
  const labels = await labelUsers(
    db,
    rows.map((r) => r.authorId),
  );
  const nicknames = new Map([...labels].map(([id, l]) => [id, l.nickname]));
  return {
    items: rows.map((row) => ({
      ...toPostView(row, staffId, nicknames),
      // Staff moderate a deleted post's place too; who wrote it stays visible to them.
      author: { id: row.authorId, nickname: nicknames.get(row.authorId) ?? '' },
      target_kind: row.targetKind as DiscussionTargetKind,
      target_id: row.targetId,
      chapter_id: row.chapterId,
      reply_count: counts.get(row.id) ?? 0,
    })),
    pagination: { page: query.page, page_size: CONSOLE_PAGE_SIZE, total },
  };
}
