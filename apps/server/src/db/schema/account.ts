import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A person who signs in: a learner, or staff — an agent reads recordings and assists, an admin also manages
 * settings and staff. E-mail is stored lower-cased and is the sign-in name.
 */
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
  role: text('role', { enum: ['learner', 'agent', 'admin'] })
    .notNull()
    .default('learner'),
  /** True for accounts that existed before the portal (imported); they verify through old-verify. */
  legacy: boolean('legacy').notNull().default(false),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** Set when an admin disables the account: its sessions stop working and it cannot sign in. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
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
    /**
     * Set on impersonation sessions only (ADR 0035): the admin who minted it. Such a session expires at the
     * minted limit, is honoured by the portal's impersonation entry, and may not change credentials.
     */
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The admin's own session that minted an impersonation session (ADR 0043): signing out of either ends
     * both, so a sign-out while viewing as a learner leaves no admin sign-in behind to restore.
     */
    impersonatorSessionId: uuid('impersonator_session_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [index('sessions_user_idx').on(t.userId).where(sql`${t.revokedAt} is null`)],
);

/**
 * Single-use proofs sent by mail: a registration link (+ code), a claim link for a pre-portal account,
 * a password-reset link, or a login ticket (+ code) for a new browser. Only hashes are stored (ADR 0002).
 */
export const verificationTokens = pgTable(
  'verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'claim', 'reset', 'login'] }).notNull(),
    /** SHA-256 of the link token (verify, claim, reset) or of the login ticket cookie (login). */
    tokenHash: text('token_hash').notNull().unique(),
    /** SHA-256 of the token id and the 6-digit code, for purposes that mail a code too. */
    codeHash: text('code_hash'),
    /** Wrong codes entered so far; the token dies at 5. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was used, superseded by a newer one, or killed by too many wrong codes. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('verification_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Browsers that completed a mailed code (or a registration link) for a user: their next sign-in skips
 * the code. The `device` cookie holds a random value; one browser may be known for several users.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('known_devices_token_user_idx').on(t.tokenHash, t.userId)],
);
