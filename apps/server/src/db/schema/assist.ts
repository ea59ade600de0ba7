import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
 * An activity ended by the agent's socket going away (`endedByLeaving`) is continued, not repeated, when the
 * same agent account comes back to the same session within the grace; `instanceId` names the relay process
 * that wrote it last, so another process can end it at that process's last heartbeat if it dies (ADR 0068).
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
    /** Ended because the agent's socket went away (a reload, a network drop, a server restart), not by a hang-up. */
    endedByLeaving: boolean('ended_by_leaving').notNull().default(false),
    /** The relay process holding the agent's socket (`assist_relay_instances`); null on rows written before it. */
    instanceId: text('instance_id'),
  },
  (t) => [
    index('assist_activity_started_idx').on(t.startedAt),
    index('assist_activity_socket_idx').on(t.agentSocketId),
    // What the same agent account was doing in a session: looked up at every start (a reload continues it).
    index('assist_activity_agent_session_idx').on(t.sessionId, t.agentId, t.kind),
    // The sweep's question: which open rows belong to a dead process.
    index('assist_activity_open_instance_idx').on(t.instanceId).where(sql`${t.endedAt} is null`),
  ],
);

/**
 * The relay processes writing `assist_activity`, each with its last heartbeat (ADR 0068). A process killed
 * without shutting down stops beating; any other process's sweep then ends the activity it left open at
 * its last heartbeat and removes it.
 */
export const assistRelayInstances = pgTable('assist_relay_instances', {
  id: text('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});
