import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

/** A notification message to one user (spec 1 §3, §7). Unread while read_at is null. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** One of the categories in @atrium/protocol notify.ts (GET /v1/notify/message/constants). */
    category: text('category').notNull(),
    /** A portal path (`/tasks/…`) or an https address the message points to. */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Insertion order: messages sent in one go share a timestamp but must still list newest first. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The staff broadcast this copy came from, so the console can count how many were read. */
    broadcastId: uuid('broadcast_id'),
  },
  (t) => [
    index('notifications_broadcast_idx').on(t.broadcastId).where(sql`${t.broadcastId} is not null`),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * A message staff composed in the console for one learner, a class or everyone. Sent at once or at
 * `sendAt` by the reminder sweep; each recipient gets a copy in `notifications` carrying this id.
 */
export const notificationBroadcasts = pgTable(
  'notification_broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    audience: text('audience', { enum: ['user', 'class', 'all'] }).notNull(),
    /** The user id or class id of `audience`; null for everyone. */
    targetId: uuid('target_id'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    category: text('category').notNull(),
    link: text('link'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recipients: integer('recipients').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_broadcasts_due_idx').on(t.sendAt).where(sql`${t.sentAt} is null`)],
);
