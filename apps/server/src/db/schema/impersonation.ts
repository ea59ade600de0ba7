import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './account.ts';

/**
 * Every mint, use, refusal, change made as the learner and end of an impersonation (ADR 0035). Kept apart from the console's general
 * audit trail until that lands; rows outlive the sessions they describe (no foreign key on the session).
 */
export const impersonationAudit = pgTable(
  'impersonation_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action', { enum: ['mint', 'use', 'refused', 'change'] }).notNull(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    learnerId: uuid('learner_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: uuid('session_id'),
    ip: text('ip').notNull().default(''),
    /** Why a use was refused, the minted limit in seconds, or the call a change was made with. */
    detail: text('detail').notNull().default(''),
  },
  (t) => [index('impersonation_audit_learner_idx').on(t.learnerId, t.at)],
);
