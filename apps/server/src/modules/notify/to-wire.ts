import type { NotifyCategory, NotifyMessage } from '@atrium/protocol';
import type { notifications } from '../../db/schema.ts';

/** A stored notification as the portal sees it. */
export function toWire(row: typeof notifications.$inferSelect): NotifyMessage {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    category: row.category as NotifyCategory,
    link: row.link,
    is_read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}
