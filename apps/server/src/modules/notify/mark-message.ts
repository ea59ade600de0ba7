import type { NotifyMessage } from '@atrium/protocol';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { toWire } from './to-wire.ts';

/** Marks one of the user's own messages read or unread; someone else's id is simply not found. */
export async function markMessage(
  db: Database,
  userId: string,
  id: string,
  read: boolean,
): Promise<NotifyMessage> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: read ? new Date() : null })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound('找不到這則通知');
  return toWire(row);
}
