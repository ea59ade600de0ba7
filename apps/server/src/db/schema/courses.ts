import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

/**
 * A learner's account on an external course platform (ADR 0037): the platform's user id, its OAuth
 * tokens, and the last list of enrolled courses with when it was fetched (the server-side cache).
 */
export const coursePlatformAccounts = pgTable(
  'course_platform_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    externalId: text('external_id').notNull(),
    email: text('email').notNull().default(''),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    courses: jsonb('courses'),
    coursesFetchedAt: timestamp('courses_fetched_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_platform_accounts_user_idx').on(t.userId, t.platform),
    uniqueIndex('course_platform_accounts_external_idx').on(t.platform, t.externalId),
  ],
);

/**
 * A course-platform sign-in in progress (10 minutes, single use), bound to the browser by the hash of an
 * HttpOnly cookie; remembers where the portal returns afterwards (spec 1 §3 redirect type and route).
 */
export const coursePlatformFlows = pgTable('course_platform_flows', {
  id: uuid('id').primaryKey().defaultRandom(),
  browserHash: text('browser_hash').notNull().unique(),
  platform: text('platform').notNull(),
  state: text('state').notNull(),
  /** The signed-in user binding an account; null for a sign-in. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
