import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who read which recording, when (ADR 0027): every summary, batch list and message stream a staff member
 * opens, and every deletion. Kept without foreign keys so the trail outlives the session and the account.
 */
export const replayAudit = pgTable(
  'replay_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id').notNull(),
    staffEmail: text('staff_email').notNull(),
    sessionId: uuid('session_id').notNull(),
    // live_view: an agent joined the learner's live view; tab_recording: a tab recording was downloaded.
    action: text('action', {
      enum: ['summary', 'batches', 'messages', 'delete', 'live_view', 'tab_recording'],
    }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('replay_audit_at_idx').on(t.at), index('replay_audit_session_idx').on(t.sessionId)],
);
