import type { NotifyCategory } from '@atrium/protocol';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

export interface NewNotification {
  title: string;
  body?: string;
  category: NotifyCategory;
  /** A portal path or an https address. */
  link?: string | null;
  /** The console broadcast it belongs to, for read counts. */
  broadcastId?: string;
}

// Keeps each insert statement well under PostgreSQL's 65 535 bind parameters.
const BATCH = 1000;

/** Sends one message to each of `userIds` (already known to exist); answers how many were created. */
export async function notifyUsers(
  db: Database,
  userIds: string[],
  message: NewNotification,
): Promise<number> {
  for (let i = 0; i < userIds.length; i += BATCH) {
    await db.insert(notifications).values(
      userIds.slice(i, i + BATCH).map((userId) => ({
        userId,
        title: message.title,
        body: message.body ?? '',
        category: message.category,
        link: message.link ?? null,
        broadcastId: message.broadcastId ?? null,
      })),
    );
  }
  return userIds.length;
}

/** The call other modules use for their system events (task, class, account). */
export function notifyUser(db: Database, userId: string, message: NewNotification): Promise<number> {
  return notifyUsers(db, [userId], message);
}
