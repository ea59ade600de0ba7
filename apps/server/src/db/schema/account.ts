import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A person who signs in: learner or staff. E-mail is stored lower-cased and is the sign-in name. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  /** Null for accounts imported from before the portal until they are claimed (/register/old-verify). */
  passwordHash: text('password_hash'),
  nickname: text('nickname').notNull().default(''),
  firstName: text('first_name'),
  lastName: text('last_name'),
  description: text('description').notNull().default(''),
  avatar: text('avatar'),
  role: text('role', { enum: ['learner', 'staff'] })
    .notNull()
    .default('learner'),
  /** True for accounts that existed before the portal (imported); they verify through old-verify. */
  legacy: boolean('legacy').notNull().default(false),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A signed-in browser or client. The token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId).where(sql`${t.revokedAt} is null`)],
);
