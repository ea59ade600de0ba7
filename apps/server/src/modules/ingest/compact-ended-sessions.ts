import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestBatches, ingestSessions } from '../../db/schema.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { sha256 } from '../../lib/tokens.ts';
import { compressBatch, isCompressedKey } from './batch-blob-codec.ts';
import { compactedObjectKey, compactedPrefix } from './compacted-object-key.ts';

/** A compacted object is cut here (compressed bytes): a reader holds one object at a time. */
export const COMPACTED_OBJECT_BYTES = 4 * 1024 * 1024;
/** How long a claim holds; a compactor that crashed frees its session after this. */
const CLAIM_MS = 10 * 60_000;
/** After the idle window, so a batch still in flight when the session ended lands first. */
const GRACE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** Sessions whose retired blobs are removed per query: bounds memory; a pass goes on until none is due. */
const RETIRED_PAGE = 100;

export interface CompactionOptions {
  idleSeconds: number;
  /**
   * Hours the per-batch blobs a compaction replaced are kept after it (ADR 0078): a database dump taken before
   * the compaction still points at them, and the bucket copy that follows the dump must find them.
   */
  retiredGraceHours: number;
  now?: number;
  /** Sessions to compact in this pass at most. */
  limit?: number;
  objectBytes?: number;
  /** Between writing the objects and the transaction: tests stop a compactor here as a crash would. */
  beforeCommit?: () => Promise<void>;
  /** Between the transaction and removing the replaced blobs: the same, one step later. */
  afterCommit?: () => Promise<void>;
}

/**
 * Compacts ended recordings (ADR 0053): each session's batches, per tab and in order, become a few larger gzip
 * objects (each batch one gzip member, passed through unchanged when it was stored compressed), and its index
 * rows are pointed at them in one transaction. Safe in several processes: a session is claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, and the transaction commits only under the claim it was written with.
 * Safe against crashes: objects are written before the transaction (a crash leaves the old blobs indexed and
 * readable, the new objects orphans the next claimer removes), the old blobs are removed after it (a crash
 * leaves them named in `retired_blob_key`, removed by the next pass).
 * The replaced blobs stay `retiredGraceHours` after the session's compaction (ADR 0078), so a backup whose dump
 * was taken before it and whose bucket copy ends within the grace is whole; each pass removes those past it.
 */
export async function compactEndedSessions(
  db: Database,
  blobs: BlobStore,
  opts: CompactionOptions,
): Promise<CompactionResult> {
  const now = opts.now ?? Date.now();
  await removeRetiredBlobs(db, blobs, new Date(now - opts.retiredGraceHours * HOUR_MS));
  const result: CompactionResult = { sessions: 0, objects: 0, failed: [] };
  for (let i = 0; i < (opts.limit ?? 200); i++) {
    const claimed = await claimSession(db, now, opts.idleSeconds);
    if (!claimed) break;
    try {
      const written = await compactSession(db, blobs, claimed, opts);
      if (written === null) continue;
      result.sessions++;
      result.objects += written;
    } catch (error) {
      // This session waits for its claim to lapse (its old form stays readable); the pass goes on.
      result.failed.push({ sessionId: claimed.id, error });
    }
  }
  return result;
}

export interface CompactionResult {
  /** Sessions compacted, and the objects written for them. */
  sessions: number;
  objects: number;
  /** Sessions whose compaction failed this pass: tried again once their claim lapses. */
  failed: { sessionId: string; error: unknown }[];
}

interface Claimed {
  id: string;
  projectId: string;
  claim: string;
}

/** One ended, uncompacted session nobody holds (or whose holder's lease ran out), now held by this call. */
async function claimSession(db: Database, now: number, idleSeconds: number): Promise<Claimed | null> {
  const s = ingestSessions;
  const claim = randomUUID();
  const ended = new Date(now - idleSeconds * 1000 - GRACE_MS);
  const candidate = db
    .select({ id: s.id })
    .from(s)
    .where(
      and(
        isNull(s.compactedAt),
        lt(s.lastActivityAt, ended),
        or(isNull(s.compactionClaimedUntil), lt(s.compactionClaimedUntil, new Date(now))),
      ),
    )
    .orderBy(asc(s.lastActivityAt))
    .limit(1)
    // Two compactors asking at once get different sessions instead of waiting on each other.
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(s)
    .set({ compactionClaim: claim, compactionClaimedUntil: new Date(now + CLAIM_MS) })
    .where(inArray(s.id, candidate))
    .returning({ id: s.id, projectId: s.projectId });
  return row ? { ...row, claim } : null;
}

/** The session's objects written and its index moved onto them; null when the claim was lost meanwhile. */
async function compactSession(
  db: Database,
  blobs: BlobStore,
  session: Claimed,
  opts: CompactionOptions,
): Promise<number | null> {
  const b = ingestBatches;
  // Nothing indexed points into this folder before the session is marked compacted: whatever is there is a
  // crashed attempt's.
  await blobs.deletePrefix(compactedPrefix(session.projectId, session.id));
  const rows = await db
    .select({ id: b.id, tabId: b.tabId, blobKey: b.blobKey })
    .from(b)
    .where(and(eq(b.sessionId, session.id), isNull(b.blobOffset)))
    .orderBy(asc(b.tabId), asc(b.pageNo), asc(b.seq), sql`${b.batchId} collate "C"`);

  const moves: { id: string; oldKey: string; key: string; offset: number; length: number }[] = [];
  const written: string[] = [];
  let current: { key: string; parts: Buffer[]; bytes: number; tabId: string; partNo: number } | null = null;
  // Written as soon as it is full, so a compactor holds one object's bytes at a time.
  const flush = async () => {
    if (!current || current.bytes === 0) return;
    await blobs.put(current.key, Buffer.concat(current.parts), 'application/gzip');
    written.push(current.key);
  };
  const limit = opts.objectBytes ?? COMPACTED_OBJECT_BYTES;
  try {
    for (const row of rows) {
      const stored = await blobs.get(row.blobKey);
      // A batch whose blob is gone stays as it is: the player names it unreadable either way.
      if (!stored) continue;
      const member = isCompressedKey(row.blobKey) ? stored : await compressBatch(stored);
      const sameTab = current?.tabId === row.tabId;
      if (!current || !sameTab || (current.bytes > 0 && current.bytes + member.length > limit)) {
        await flush();
        const partNo: number = current && sameTab ? current.partNo + 1 : 0;
        const tabHash = sha256(row.tabId).slice(0, 16);
        current = {
          key: compactedObjectKey(session.projectId, session.id, tabHash, partNo, session.claim),
          parts: [],
          bytes: 0,
          tabId: row.tabId,
          partNo,
        };
      }
      moves.push({
        id: row.id,
        oldKey: row.blobKey,
        key: current.key,
        offset: current.bytes,
        length: member.length,
      });
      current.parts.push(member);
      current.bytes += member.length;
    }
    await flush();
  } catch (error) {
    // A failed write (store refusing, say): the old blobs stay indexed; this attempt's objects go.
    for (const key of written) await blobs.delete(key).catch(() => {});
    throw error;
  }
  await opts.beforeCommit?.();

  const committed = await db.transaction(async (tx) => {
    const s = ingestSessions;
    const [held] = await tx
      .select({ id: s.id })
      .from(s)
      .where(and(eq(s.id, session.id), eq(s.compactionClaim, session.claim), isNull(s.compactedAt)))
      .for('update');
    if (!held) return false;
    for (const m of moves) {
      await tx
        .update(b)
        .set({ blobKey: m.key, blobOffset: m.offset, blobLength: m.length, retiredBlobKey: m.oldKey })
        .where(and(eq(b.id, m.id), eq(b.blobKey, m.oldKey), isNull(b.blobOffset)));
    }
    const at = new Date();
    await tx
      .update(s)
      .set({
        compactedAt: at,
        compactionClaim: null,
        compactionClaimedUntil: null,
        blobsRetiredAt: moves.length > 0 ? at : null,
      })
      .where(eq(s.id, session.id));
    return true;
  });
  if (!committed) {
    // Deleted, or taken over after our lease ran out: these objects are nobody's.
    for (const key of written) await blobs.delete(key);
    return null;
  }
  await opts.afterCommit?.();
  return written.length;
}

/**
 * Old per-batch blobs of sessions whose compaction retired them before `retiredBefore` (the grace passed): removed,
 * then forgotten (a crash between just repeats this). The sessions' own queue (`blobs_retired_at`, a partial index)
 * finds the due ones without reading the blobs still in their grace. A session deleted or expired meanwhile took
 * them with it.
 */
async function removeRetiredBlobs(db: Database, blobs: BlobStore, retiredBefore: Date): Promise<void> {
  const b = ingestBatches;
  const s = ingestSessions;
  for (;;) {
    const due = await db
      .select({ id: s.id })
      .from(s)
      .where(lt(s.blobsRetiredAt, retiredBefore))
      .orderBy(asc(s.blobsRetiredAt))
      .limit(RETIRED_PAGE);
    for (const session of due) {
      const retired = await db
        .select({ id: b.id, key: b.retiredBlobKey })
        .from(b)
        .where(and(eq(b.sessionId, session.id), isNotNull(b.retiredBlobKey)));
      for (const row of retired) if (row.key) await blobs.delete(row.key);
      await db.transaction(async (tx) => {
        if (retired.length > 0) {
          await tx
            .update(b)
            .set({ retiredBlobKey: null })
            .where(
              inArray(
                b.id,
                retired.map((r) => r.id),
              ),
            );
        }
        await tx.update(s).set({ blobsRetiredAt: null }).where(eq(s.id, session.id));
      });
    }
    if (due.length < RETIRED_PAGE) return;
  }
}
