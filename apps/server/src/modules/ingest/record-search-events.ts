import type { Database } from '../../db/client.ts';
import { ingestSearchEvents } from '../../db/schema.ts';
import type { SearchFact } from './search-facts.ts';

/**
 * After a batch is stored: its indexed moments for the sessions search (ADR 0059), one insert of at most
 * MAX_SEARCH_FACTS rows. A batch is stored once (a duplicate upload is answered without coming here), so its
 * moments are written once.
 */
export async function recordSearchEvents(
  db: Database,
  input: { sessionId: string; tabId: string; facts: readonly SearchFact[] },
): Promise<void> {
  if (input.facts.length === 0) return;
  await db
    .insert(ingestSearchEvents)
    .values(input.facts.map((f) => ({ sessionId: input.sessionId, tabId: input.tabId, ...f })));
}
