import type { RecordingEvent } from '@atrium/protocol/recordings';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestSessionEvents } from '../../db/schema.ts';

/** Bounded: a batch writes at most a few hundred, and the player needs the moments, not every one. */
const MAX_EVENTS = 5000;

/** The moments found in a session at ingest (ADR 0057), in time order, for the player's timeline. */
export async function listSessionEvents(db: Database, sessionId: string): Promise<RecordingEvent[]> {
  const e = ingestSessionEvents;
  const rows = await db
    .select({ kind: e.kind, tab_id: e.tabId, at: e.at, label: e.label, selector: e.selector, count: e.count })
    .from(e)
    .where(eq(e.sessionId, sessionId))
    .orderBy(asc(e.at), asc(e.kind))
    .limit(MAX_EVENTS);
  return rows;
}
