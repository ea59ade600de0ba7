import { NOTIFY_PAGE_SIZE, type NotifyListResponse } from '@atrium/protocol';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { toWire } from './to-wire.ts';

/** One page of a user's messages, newest first; `isRead` filters read (true) or unread (false) ones. */
export async function listMessages(
  db: Database,
  userId: string,
  opts: { page: number; isRead?: boolean },
): Promise<NotifyListResponse> {
  const where = and(
    eq(notifications.userId, userId),
    opts.isRead === undefined
      ? undefined
      : opts.isRead
        ? isNotNull(notifications.readAt)
        : isNull(notifications.readAt),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.seq))
      .limit(NOTIFY_PAGE_SIZE)
      .offset((opts.page - 1) * NOTIFY_PAGE_SIZE),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { list: rows.map(toWire), total: total?.n ?? 0, page: opts.page, page_size: NOTIFY_PAGE_SIZE };
}
