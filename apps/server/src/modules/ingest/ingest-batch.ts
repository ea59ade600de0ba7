import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestBatches, ingestSessions } from '../../db/schema.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { COMPRESSED_SUFFIX, compressBatch } from './batch-blob-codec.ts';
import type { ParsedBatch } from './parse-batch.ts';
import { isSessionActive } from './session-activity.ts';
import type { SessionClaims } from './session-token.ts';
import { sessionQuotaExceeded } from './start-session.ts';

/**
 * Where a batch's messages live: the session's folder, ordered names, ids the client chose hashed away, and
 * the digest of the bytes, so two different copies of one batch never write the same key (ADR 0045). Stored
 * gzip (`.json.gz`, ADR 0053); the digest is of the messages as sent, so equal copies still share a key.
 */
export function batchBlobKey(
  projectId: string,
  sessionId: string,
  envelope: { tabId: string; batchId: string; pageNo: number; seq: number },
  body: Buffer,
): string {
  const pad = (n: number) => String(n).padStart(6, '0');
  const id = sha256(`${envelope.tabId}\n${envelope.batchId}`).slice(0, 20);
  const digest = createHash('sha256').update(body).digest('hex').slice(0, 20);
  return `recordings/${projectId}/${sessionId}/${pad(envelope.pageNo)}-${pad(envelope.seq)}-${id}-${digest}.json${COMPRESSED_SUFFIX}`;
}

/**
 * Stores one batch of a session and adds it to the session's summary. Idempotent per batchId: the
 * blob is written (whole, under a content-addressed key) before its index row, so a batch is either indexed
 * with its blob or will be accepted again when the tracker retries. The first index row wins: a copy that
 * loses the race (a retry racing the original) is acknowledged as a duplicate and its own blob removed, so
 * the stored bytes are always one whole copy, the one the row describes (ADR 0045).
 * When the client names the batch up front (`?batch=`), a retry is acknowledged before its body is even
 * inflated; `parse` (the worker pool) runs only for batches not seen yet (ADR 0011).
 */
export async function ingestBatch(
  db: Database,
  blobs: BlobStore,
  input: {
    claims: SessionClaims;
    /** The id the client put in the query, if any. */
    batchId?: string;
    parse: () => Promise<ParsedBatch>;
    sessionIdleSeconds: number;
    /** Bytes the session may store; 0 = no bound (ADR 0014). */
    maxSessionBytes: number;
    /** The user id a learner assertion names, or null for a forged or expired one (ADR 0045). */
    verifyLearner?: (assertion: string) => string | null;
    /** Sent by a page being left (`?end`, pagehide): the session ends if it was its tabs' last page (ADR 0066). */
    leaving?: boolean;
    now?: number;
  },
): Promise<{ duplicate: boolean }> {
  const { claims } = input;
  const now = input.now ?? Date.now();
  const [session] = await db
    .select({
      id: ingestSessions.id,
      lastActivityAt: ingestSessions.lastActivityAt,
      bytes: ingestSessions.bytes,
    })
    .from(ingestSessions)
    .where(and(eq(ingestSessions.id, claims.sessionId), eq(ingestSessions.projectId, claims.projectId)))
    .limit(1);
  // The tracker answers 401 by calling start again, which opens or resumes the right session (a new one for
  // a deleted recording: start never opens a deleted session's id again).
  if (!session && !claims.reserved) throw unauthorized('此錄影已刪除，將開始新的錄影', 'session_deleted');
  if (!session) throw unauthorized('此錄影工作階段尚未開始', 'session_not_started');

  const seen = async (batchId: string) => {
    const [row] = await db
      .select({ id: ingestBatches.id })
      .from(ingestBatches)
      .where(and(eq(ingestBatches.sessionId, session.id), eq(ingestBatches.batchId, batchId)))
      .limit(1);
    return row !== undefined;
  };
  if (input.batchId && (await seen(input.batchId))) {
    // The leaving page's copy of a batch its worker delivered first: the copy still says the page is gone.
    if (input.leaving) await markLeaving(db, session.id, input.batchId, now);
    return { duplicate: true };
  }
  // Checked before the body is parsed, so a full session costs one indexed read per batch. 401 makes the
  // tracker renew its session; start refuses to continue a full one, and the tracker stops (ADR 0014).
  if (input.maxSessionBytes > 0 && session.bytes >= input.maxSessionBytes) throw sessionQuotaExceeded(401);
  if (!isSessionActive(session.lastActivityAt, input.sessionIdleSeconds, now)) {
    throw unauthorized('此錄影工作階段已結束', 'session_ended');
  }

  const envelope = await input.parse();
  if (input.batchId && input.batchId !== envelope.batchId) {
    throw badRequest('batch_id_mismatch', '批次編號與內容不符');
  }
  if (!input.batchId && (await seen(envelope.batchId))) {
    if (input.leaving) await markLeaving(db, session.id, envelope.batchId, now);
    return { duplicate: true };
  }
  const { summary } = envelope;
  const verifiedUserId =
    summary.learnerAssertion && input.verifyLearner ? input.verifyLearner(summary.learnerAssertion) : null;
  const body = Buffer.from(envelope.body.buffer, envelope.body.byteOffset, envelope.body.byteLength);
  const blobKey = batchBlobKey(claims.projectId, session.id, envelope, body);
  // Compressed at rest (about 7× smaller, ADR 0053); the quota and the index still count the bytes as sent.
  const stored = await compressBatch(body);
  // false: an identical copy is stored (or being stored) under this key already; it is never rewritten.
  // A store that refuses the write is this server's fault and passes: 503 keeps the batch at the tracker, which
  // retries it (a 500 would read as a bug, and log one per batch; the store's failures are logged throttled).
  const wrote = await blobs.putIfAbsent(blobKey, stored, 'application/gzip').catch(() => {
    throw new AppError(503, 'storage_unavailable', '錄影暫時無法儲存，稍後會自動重試', {
      'Retry-After': '5',
    });
  });

  const result = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(ingestBatches)
      .values({
        sessionId: session.id,
        batchId: envelope.batchId,
        tabId: envelope.tabId,
        pageNo: envelope.pageNo,
        seq: envelope.seq,
        blobKey,
        bytes: body.length,
        messageCount: summary.messageCount,
        firstTimestamp: summary.firstTimestamp,
        lastTimestamp: summary.lastTimestamp,
        receivedAt: new Date(now),
        leaving: input.leaving === true,
      })
      .onConflictDoNothing({ target: [ingestBatches.sessionId, ingestBatches.batchId] })
      .returning({ id: ingestBatches.id });
    if (inserted.length === 0) return { duplicate: true };
    const s = ingestSessions;
    await tx
      .update(s)
      .set({
        lastActivityAt: new Date(now),
        // A page sent this batch while open: whatever tab was closed before, the session goes on.
        ...(input.leaving ? {} : { endedAt: null }),
        pages: sql`${s.pages} + ${summary.pages}`,
        clicks: sql`${s.clicks} + ${summary.clicks}`,
        errors: sql`${s.errors} + ${summary.errors}`,
        failedRequests: sql`${s.failedRequests} + ${summary.failedRequests}`,
        batches: sql`${s.batches} + 1`,
        messages: sql`${s.messages} + ${summary.messageCount}`,
        bytes: sql`${s.bytes} + ${body.length}`,
        ...(summary.firstTimestamp === null
          ? {}
          : {
              firstMessageAt: sql`least(coalesce(${s.firstMessageAt}, ${summary.firstTimestamp}::bigint), ${summary.firstTimestamp}::bigint)`,
              lastMessageAt: sql`greatest(coalesce(${s.lastMessageAt}, ${summary.lastTimestamp}::bigint), ${summary.lastTimestamp}::bigint)`,
            }),
        ...(summary.userId ? { userId: summary.userId } : {}),
        // The first verified learner stays: an assertion never moves a recording to someone else.
        ...(verifiedUserId ? { verifiedUserId: sql`coalesce(${s.verifiedUserId}, ${verifiedUserId})` } : {}),
        // Sticky: once marked, a session stays marked (no message can clear it).
        ...(summary.impersonated ? { impersonated: true } : {}),
      })
      .where(eq(s.id, session.id));
    // After the update above: its row lock makes two tabs closing at once see each other's last batch.
    if (input.leaving) await endIfEveryTabLeft(tx, session.id, now);
    return { duplicate: false };
  });
  if (result.duplicate && wrote) await removeLosingCopy(db, blobs, session.id, envelope.batchId, blobKey);
  // Lost the race to a copy sent at the same moment (the worker's, as the page closed): the insert above waited
  // for that copy's commit, so its row is there to mark.
  if (result.duplicate && input.leaving) await markLeaving(db, session.id, envelope.batchId, now);
  return result;
}

/** A different copy won the index row: this copy's blob is nobody's, unless the winner has the same bytes. */
async function removeLosingCopy(
  db: Database,
  blobs: BlobStore,
  sessionId: string,
  batchId: string,
  blobKey: string,
): Promise<void> {
  const [winner] = await db
    .select({ blobKey: ingestBatches.blobKey })
    .from(ingestBatches)
    .where(and(eq(ingestBatches.sessionId, sessionId), eq(ingestBatches.batchId, batchId)))
    .limit(1);
  if (winner && winner.blobKey !== blobKey) await blobs.delete(blobKey);
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A batch already stored came again from its page as it was left: mark it, and end the session if it is over. */
async function markLeaving(db: Database, sessionId: string, batchId: string, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(ingestBatches)
      .set({ leaving: true })
      .where(
        and(
          eq(ingestBatches.sessionId, sessionId),
          eq(ingestBatches.batchId, batchId),
          eq(ingestBatches.leaving, false),
        ),
      )
      .returning({ id: ingestBatches.id });
    if (marked.length === 0) return;
    // The session-row lock a stored batch takes too, so the check below sees every committed batch.
    await tx.execute(sql`select 1 from ${ingestSessions} where id = ${sessionId} for update`);
    await endIfEveryTabLeft(tx, sessionId, now);
  });
}

/**
 * Ends the session when the latest batch of each of its tabs came from a page being left: the learner closed
 * the last tab (a navigation's next page sends a batch or a start, which clears `ended_at` again).
 */
async function endIfEveryTabLeft(tx: Transaction, sessionId: string, now: number): Promise<void> {
  await tx.execute(sql`
    update ${ingestSessions} set ended_at = ${new Date(now).toISOString()}::timestamptz
    where id = ${sessionId} and not exists (
      select 1 from (
        select distinct on (tab_id) leaving from ${ingestBatches}
        where session_id = ${sessionId}
        order by tab_id, page_no desc, seq desc
      ) latest where not latest.leaving
    )`);
}
