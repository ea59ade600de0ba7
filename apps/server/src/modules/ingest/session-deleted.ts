import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { moduleEvent } from '../../lib/module-event.ts';

export interface SessionDeletedEvent {
  db: Database;
  blobs: BlobStore;
  sessionId: string;
}

/**
 * Announced while a recorded session is deleted (by staff or by the retention sweep), before its row goes:
 * modules that keep files of a session remove them here (assist: the agents' tab videos). A failure stops
 * the deletion, so the row stays for the next try.
 */
export const sessionDeleted = moduleEvent<SessionDeletedEvent>();

/** What other modules may use: they listen, only ingest announces. */
export const onSessionDeleted = sessionDeleted.on;
