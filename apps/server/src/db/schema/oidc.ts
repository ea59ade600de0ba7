import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

/**
 * Accounts signed in through an OpenID Connect provider (ADR 0036), keyed by the issuer and its subject:
 * e-mails change, the subject does not. One identity per provider and user.
 */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The configured provider name (the profile's `thirdparty.platform`). */
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The e-mail the provider gave at the last sign-in, shown on the profile. */
    email: text('email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oidc_identities_issuer_subject_idx').on(t.issuer, t.subject),
    uniqueIndex('oidc_identities_user_provider_idx').on(t.userId, t.provider),
  ],
);

/**
 * One sign-in or link in progress (10 minutes, single use): the state, nonce and PKCE verifier stay on the
 * server; the browser holds only a random value in an HttpOnly cookie, whose hash binds the row to it.
 * After the provider answered with an e-mail it did not vouch for, the row waits for the password
 * (`stage` = 'password'), then for the code mailed to the owner (`stage` = 'code', ADR 0043), with the
 * identity to link.
 */
export const oidcFlows = pgTable('oidc_flows', {
  id: uuid('id').primaryKey().defaultRandom(),
  browserHash: text('browser_hash').notNull().unique(),
  provider: text('provider').notNull(),
  intent: text('intent', { enum: ['login', 'link'] }).notNull(),
  stage: text('stage', { enum: ['provider', 'password', 'code'] })
    .notNull()
    .default('provider'),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  /** The signed-in user (link), or the account whose password must be proven (password stage). */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  issuer: text('issuer'),
  subject: text('subject'),
  email: text('email'),
  /** Wrong passwords so far in the password stage; the flow dies at 5. */
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
