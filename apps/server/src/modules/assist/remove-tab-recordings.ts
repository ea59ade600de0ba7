import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { assistRecordings } from '../../db/schema.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { onSessionDeleted } from '../ingest/index.ts';

/**
 * Removes the agents' tab recordings (WebM videos) of a recorded session, for the session's deletion and the
 * retention sweep: each stored video first, then its row, so a crash leaves rows a later pass removes again.
 * The session's folder goes too, for a capture whose upload stopped before its row was written.
 */
export async function removeTabRecordings(db: Database, blobs: BlobStore, sessionId: string): Promise<void> {
  const rows = await db
    .select({ id: assistRecordings.id, blobKey: assistRecordings.blobKey })
    .from(assistRecordings)
    .where(eq(assistRecordings.sessionId, sessionId));
  for (const row of rows) {
    await blobs.delete(row.blobKey);
    await db.delete(assistRecordings).where(eq(assistRecordings.id, row.id));
  }
  await blobs.deletePrefix(`assist-recordings/${sessionId}/`);
}

/** A deleted recording takes its agents' videos along (ingest announces it: it stands below assist). */
export function subscribeRemoveTabRecordings(): void {
  onSessionDeleted(({ db, blobs, sessionId }) => removeTabRecordings(db, blobs, sessionId));
}
