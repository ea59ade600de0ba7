import { Readable } from 'node:stream';
import { and, asc, count, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestBatches, ingestSessions } from '../../db/schema.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { notFound } from '../../lib/errors.ts';
import type { Visitor } from './describe-visitor.ts';
import { isSessionActive } from './session-activity.ts';

/** Staff reads of recorded sessions for the replay console (exported for modules/replay). */
type SessionRow = typeof ingestSessions.$inferSelect;

export interface SessionSummary extends Visitor {
  id: string;
  projectId: string;
  userUUID: string;
  userId: string | null;
  timezone: string;
  width: number;
  height: number;
  url: string;
  referrer: string;
  trackerVersion: string;
  startedAt: string;
  lastActivityAt: string;
  /** True once the inactivity window has passed without a batch. */
  ended: boolean;
  /** From the first to the last message time seen. */
  durationMs: number;
  pages: number;
  clicks: number;
  errors: number;
  batches: number;
  messages: number;
  bytes: number;
}

function toSummary(s: SessionRow, idleSeconds: number, now: number): SessionSummary {
  return {
    id: s.id,
    projectId: s.projectId,
    userUUID: s.userUuid,
    userId: s.userId,
    userBrowser: s.userBrowser,
    userOS: s.userOs,
    userDevice: s.userDevice,
    userCountry: s.userCountry,
    userState: s.userState,
    userCity: s.userCity,
    timezone: s.timezone,
    width: s.width,
    height: s.height,
    url: s.url,
    referrer: s.referrer,
    trackerVersion: s.trackerVersion,
    startedAt: s.startedAt.toISOString(),
    lastActivityAt: s.lastActivityAt.toISOString(),
    ended: !isSessionActive(s.lastActivityAt, idleSeconds, now),
    durationMs:
      s.firstMessageAt !== null && s.lastMessageAt !== null
        ? Math.max(0, s.lastMessageAt - s.firstMessageAt)
        : 0,
    pages: s.pages,
    clicks: s.clicks,
    errors: s.errors,
    batches: s.batches,
    messages: s.messages,
    bytes: s.bytes,
  };
}

export async function listSessions(
  db: Database,
  input: {
    projectId?: string;
    userId?: string;
    hasErrors?: boolean;
    page: number;
    pageSize: number;
    idleSeconds: number;
  },
): Promise<{ total: number; sessions: SessionSummary[] }> {
  const filters: SQL[] = [];
  if (input.projectId) filters.push(eq(ingestSessions.projectId, input.projectId));
  if (input.userId) filters.push(eq(ingestSessions.userId, input.userId));
  if (input.hasErrors === true) filters.push(gt(ingestSessions.errors, 0));
  if (input.hasErrors === false) filters.push(eq(ingestSessions.errors, 0));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(ingestSessions).where(where);
  const rows = await db
    .select()
    .from(ingestSessions)
    .where(where)
    .orderBy(desc(ingestSessions.startedAt), desc(ingestSessions.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const now = Date.now();
  return { total, sessions: rows.map((r) => toSummary(r, input.idleSeconds, now)) };
}

export async function getSessionSummary(db: Database, sessionId: string, idleSeconds: number) {
  const [row] = await db.select().from(ingestSessions).where(eq(ingestSessions.id, sessionId)).limit(1);
  if (!row) throw notFound('找不到此錄影', 'session_not_found');
  return toSummary(row, idleSeconds, Date.now());
}

/** A session's batches per tab, in upload order (pageNo, seq, then split halves). */
export async function listSessionBatches(db: Database, sessionId: string) {
  const [session] = await db
    .select({ id: ingestSessions.id })
    .from(ingestSessions)
    .where(eq(ingestSessions.id, sessionId))
    .limit(1);
  if (!session) throw notFound('找不到此錄影', 'session_not_found');
  const rows = await db
    .select()
    .from(ingestBatches)
    .where(eq(ingestBatches.sessionId, sessionId))
    // A batch the tracker split after a 413 keeps its seq and gets `.1` / `.2` ids: byte order sorts them.
    .orderBy(
      asc(ingestBatches.tabId),
      asc(ingestBatches.pageNo),
      asc(ingestBatches.seq),
      sql`${ingestBatches.batchId} collate "C"`,
    );
  return rows.map((b) => ({
    batchId: b.batchId,
    tabId: b.tabId,
    pageNo: b.pageNo,
    seq: b.seq,
    bytes: b.bytes,
    messageCount: b.messageCount,
    firstTimestamp: b.firstTimestamp,
    lastTimestamp: b.lastTimestamp,
    receivedAt: b.receivedAt.toISOString(),
  }));
}

/**
 * A session's messages as NDJSON, one line per batch (`{tabId, pageNo, seq, messages}`) in the order
 * of listSessionBatches, read from the blob store one batch at a time so memory stays flat.
 */
export async function streamSessionMessages(
  db: Database,
  blobs: BlobStore,
  sessionId: string,
): Promise<Readable> {
  const batches = await listSessionBatches(db, sessionId);
  const keys = await db
    .select({ batchId: ingestBatches.batchId, blobKey: ingestBatches.blobKey })
    .from(ingestBatches)
    .where(eq(ingestBatches.sessionId, sessionId));
  const keyOf = new Map(keys.map((k) => [k.batchId, k.blobKey]));
  async function* lines() {
    for (const b of batches) {
      const key = keyOf.get(b.batchId);
      const body = key ? await blobs.get(key) : null;
      if (!body) continue;
      const head = JSON.stringify({ tabId: b.tabId, pageNo: b.pageNo, seq: b.seq });
      // The blob is already the JSON array of the batch's messages; splice it in without re-parsing.
      yield `${head.slice(0, -1)},"messages":${body.toString('utf8')}}\n`;
    }
  }
  return Readable.from(lines());
}
