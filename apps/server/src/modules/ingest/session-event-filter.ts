import { and, eq, exists, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestSessionEvents, ingestSessions } from '../../db/schema.ts';

/** What the sessions search may ask for (ADR 0057): sessions in which such a moment was found. */
export type SessionSignal = 'rage_click' | 'dead_click' | 'error_click' | 'pointer_shake';

/** The search's test for "has a moment of this kind": an indexed probe per candidate session. */
export function hasSessionEvent(db: Database, kind: SessionSignal): SQL {
  const e = ingestSessionEvents;
  return exists(
    db
      .select({ one: e.id })
      .from(e)
      .where(and(eq(e.sessionId, ingestSessions.id), eq(e.kind, kind))),
  );
}
