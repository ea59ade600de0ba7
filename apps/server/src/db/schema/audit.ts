import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every change made through the community console (ADR 0038): who, which call, on what, with what outcome.
 * No foreign keys, so the trail outlives the accounts and rows it names.
 */
export const consoleAudit = pgTable(
  'console_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull().default(''),
    /** Method and route pattern, e.g. `PATCH /v1/console/community/classes/:id`. */
    action: text('action').notNull(),
    /** The route parameters (ids) the change was made on. */
    target: jsonb('target').$type<Record<string, string>>().notNull(),
    status: integer('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('console_audit_at_idx').on(t.at)],
);
