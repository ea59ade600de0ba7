import { and, asc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestSessions } from '../../db/schema.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { sessionDeleted } from './session-deleted.ts';

const DAY_MS = 86_400_000;
/** Sessions handled per query: bounds memory and lets a long backlog be removed over several passes. */
const PAGE = 100;

/**
 * Removes the recordings whose last activity is more than `retentionDays` old (0 keeps them forever): the
 * session's blobs first (its batches, agents' tab recordings), then its row, which takes its batch index and
 * everything else of the session with it (cascade). Blobs first, so a crash leaves a row the next pass
 * removes again, never blobs nothing points at. Several processes may run it at once: every step is
 * idempotent (deleting a missing blob or row is a no-op), so they only repeat each other's work.
 */
export async function removeExpiredRecordings(
  db: Database,
  blobs: BlobStore,
  opts: { retentionDays: number; now?: number },
): Promise<number> {
  if (opts.retentionDays <= 0) return 0;
  const cutoff = new Date((opts.now ?? Date.now()) - opts.retentionDays * DAY_MS);
  // A session's last activity is never before its start: the started_at condition lets its index help.
  const expired = and(lt(ingestSessions.startedAt, cutoff), lt(ingestSessions.lastActivityAt, cutoff));
  let removed = 0;
  for (;;) {
    const page = await db
      .select({ id: ingestSessions.id, projectId: ingestSessions.projectId })
      .from(ingestSessions)
      .where(expired)
      .orderBy(asc(ingestSessions.startedAt))
      .limit(PAGE);
    for (const session of page) {
      await blobs.deletePrefix(`recordings/${session.projectId}/${session.id}/`);
      // What other modules keep of the session (assist: agents' captures of its tab) goes with it.
      await sessionDeleted.emit({ db, blobs, sessionId: session.id });
      const gone = await db
        .delete(ingestSessions)
        .where(and(eq(ingestSessions.id, session.id), expired))
        .returning({ id: ingestSessions.id });
      removed += gone.length;
    }
    if (page.length < PAGE) return removed;
  }
}
