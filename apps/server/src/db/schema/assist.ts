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
