import type { DiscussionReply } from '@atrium/protocol/discussion';
import type { discussionPosts } from '../../db/schema.ts';

export type PostRow = typeof discussionPosts.$inferSelect;

/** A stored post as the reader receives it; a deleted one keeps its place, never its text. */
export function toPostView(row: PostRow, readerId: string, nicknames: Map<string, string>): DiscussionReply {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    parent_id: row.parentId,
    author: deleted
      ? { id: '', nickname: '' }
      : { id: row.authorId, nickname: nicknames.get(row.authorId) ?? '' },
    body: deleted ? '' : row.body,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    deleted,
    hidden: row.hiddenAt !== null,
    pinned: row.pinnedAt !== null,
    mine: !deleted && row.authorId === readerId,
  };
}
