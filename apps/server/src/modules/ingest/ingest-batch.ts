import type { BatchEnvelope } from '@atrium/protocol/tracker/index';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestBatches, ingestSessions } from '../../db/schema.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { isSessionActive } from './session-activity.ts';
import type { SessionClaims } from './session-token.ts';
import { summarizeMessages } from './summarize-messages.ts';

/** Where a batch's messages live: the session's folder, ordered names, ids the client chose hashed away. */
export function batchBlobKey(projectId: string, sessionId: string, envelope: BatchEnvelope): string {
  const pad = (n: number) => String(n).padStart(6, '0');
  const id = sha256(`${envelope.tabId}\n${envelope.batchId}`).slice(0, 20);
  return `recordings/${projectId}/${sessionId}/${pad(envelope.pageNo)}-${pad(envelope.seq)}-${id}.json`;
}

/**
 * Stores one batch of a session and adds it to the session's summary. Idempotent per batchId: the
 * blob is written before its index row, so a batch is either indexed with its blob or will be
 * accepted again when the tracker retries; a batch already indexed is acknowledged and not counted twice.
 */
export async function ingestBatch(
  db: Database,
  blobs: BlobStore,
  input: { claims: SessionClaims; envelope: BatchEnvelope; sessionIdleSeconds: number; now?: number },
): Promise<{ duplicate: boolean }> {
  const { claims, envelope } = input;
  const now = input.now ?? Date.now();
  // pageNo and seq are int4 columns: larger numbers are bad input, not a database error.
  if (envelope.pageNo > 2_147_483_647 || envelope.seq > 2_147_483_647) {
    throw badRequest('validation', '欄位格式錯誤：pageNo / seq');
  }
  const [session] = await db
    .select({ id: ingestSessions.id, lastActivityAt: ingestSessions.lastActivityAt })
    .from(ingestSessions)
    .where(and(eq(ingestSessions.id, claims.sessionId), eq(ingestSessions.projectId, claims.projectId)))
    .limit(1);
  // The tracker answers 401 by calling start again, which opens or resumes the right session.
  if (!session) throw unauthorized('此錄影工作階段尚未開始', 'session_not_started');

  const [seen] = await db
    .select({ id: ingestBatches.id })
    .from(ingestBatches)
    .where(and(eq(ingestBatches.sessionId, session.id), eq(ingestBatches.batchId, envelope.batchId)))
    .limit(1);
  if (seen) return { duplicate: true };
  if (!isSessionActive(session.lastActivityAt, input.sessionIdleSeconds, now)) {
    throw unauthorized('此錄影工作階段已結束', 'session_ended');
  }

  const summary = summarizeMessages(envelope.messages);
  const body = Buffer.from(JSON.stringify(envelope.messages));
  const blobKey = batchBlobKey(claims.projectId, session.id, envelope);
  await blobs.put(blobKey, body, 'application/json');

  return db.transaction(async (tx) => {
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
      })
      .onConflictDoNothing({ target: [ingestBatches.sessionId, ingestBatches.batchId] })
      .returning({ id: ingestBatches.id });
    if (inserted.length === 0) return { duplicate: true };
    const s = ingestSessions;
    await tx
      .update(s)
      .set({
        lastActivityAt: new Date(now),
        pages: sql`${s.pages} + ${summary.pages}`,
        clicks: sql`${s.clicks} + ${summary.clicks}`,
        errors: sql`${s.errors} + ${summary.errors}`,
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
      })
      .where(eq(s.id, session.id));
    return { duplicate: false };
  });
}
