import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

/**
 * External accounts linked to a user (spec 1 §3 profile `thirdparty`): one row per platform, e.g. the
 * external course platform. Filled by the course-platform sign-in; the profile only reads it.
 */
export const thirdpartyAccounts = pgTable(
  'thirdparty_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    email: text('email').notNull().default(''),
    /** The platform's own id of the account, when it has one. */
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('thirdparty_accounts_user_platform_idx').on(t.userId, t.platform)],
);
