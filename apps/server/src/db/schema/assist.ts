import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './account.ts';
import { ingestSessions } from './ingest.ts';

/**
 * A recording of a learner's tab an agent made during live assist, after the learner allowed it (spec 2 §4
 * Recording). The agent's browser captures and uploads it; the bytes live in the blob store under `blobKey`.
 */
export const assistRecordings = pgTable(
  'assist_recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => ingestSessions.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    blobKey: text('blob_key').notNull(),
    bytes: integer('bytes').notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assist_recordings_session_idx').on(t.sessionId, t.createdAt)],
);

/**
 * What agents did in live assist, written by the relay from its own events as they happen (ADR 0065): a live
 * view (the agent's socket in a session's room), a call (from the learner's PeerJS answer to either side's
 * `call_end` or the agent leaving) and remote control (the learner's grant to its release). `endedAt` is null
 * while it lasts. No reference to the recording: the statistics outlive the recording's retention.
 */
export const assistActivity = pgTable(
  'assist_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['live_view', 'call', 'control'] }).notNull(),
    sessionId: uuid('session_id').notNull(),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    /** The agent's relay socket: one live view, and what it ends with it. */
    agentSocketId: text('agent_socket_id').notNull(),
    tabId: text('tab_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('assist_activity_started_idx').on(t.startedAt),
    index('assist_activity_socket_idx').on(t.agentSocketId),
  ],
);
