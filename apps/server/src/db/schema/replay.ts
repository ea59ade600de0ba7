import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ingestSessions } from './ingest.ts';

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

/**
 * Notes staff leave on a moment of a recording (ADR 0064). They belong to the recording: its deletion or
 * expiry takes them with it (cascade from the session row), unlike the audit trail above.
 */
export const replayNotes = pgTable(
  'replay_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => ingestSessions.id, { onDelete: 'cascade' }),
    tabId: text('tab_id').notNull(),
    /** Epoch ms of the moment the note is about. */
    at: bigint('at', { mode: 'number' }).notNull(),
    text: text('text').notNull(),
    // No foreign key: a note outlives its author's account; the e-mail then names who wrote it.
    authorId: uuid('author_id').notNull(),
    authorEmail: text('author_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('replay_notes_session_idx').on(t.sessionId, t.at)],
);
