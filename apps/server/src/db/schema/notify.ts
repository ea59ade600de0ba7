import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /** Also mailed to recipients whose mail preference allows it, in the background (ADR 0063). */
    alsoMail: boolean('also_mail').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_broadcasts_due_idx').on(t.sendAt).where(sql`${t.sentAt} is null`)],
);

/** What a learner lets us mail them; no row means the defaults (class announcements on). */
export const mailPreferences = pgTable('mail_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  classAnnouncements: boolean('class_announcements').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The mail copies of a broadcast still to send: written when it is delivered, sent by a background drain in
 * bounded batches (never in the request), each row `pending` → `sent`, `skipped` (preference off when its turn
 * came) or `failed`.
 */
export const broadcastMails = pgTable(
  'broadcast_mails',
  {
    broadcastId: uuid('broadcast_id')
      .notNull()
      .references(() => notificationBroadcasts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['pending', 'sending', 'sent', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    /** When a drain took it; a `sending` row older than a lease is taken again (a process died mid-batch). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.broadcastId, t.userId] }),
    index('broadcast_mails_pending_idx').on(t.state).where(sql`${t.state} in ('pending', 'sending')`),
  ],
);
