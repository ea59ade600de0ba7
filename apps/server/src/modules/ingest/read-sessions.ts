import { Readable } from 'node:stream';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestBatches, ingestSessions } from '../../db/schema.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { notFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/escape-like.ts';
import { removeTabRecordings } from '../assist/index.ts';
import type { Visitor } from './describe-visitor.ts';
import { isSessionActive } from './session-activity.ts';

/** Staff reads of recorded sessions for the replay console (exported for modules/replay). */
type SessionRow = typeof ingestSessions.$inferSelect;

export interface SessionSummary extends Visitor {
  id: string;
  projectId: string;
  userUUID: string;
  /** The id the page claimed (start request, UserID message): nothing checks it. */
  userId: string | null;
  /** The learner the portal's signed assertion named (ADR 0045); null when only a claim was made. */
  verifiedUserId: string | null;
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
  /** Recorded while an admin viewed the portal as this learner (ADR 0035), not the learner's own visit. */
  impersonated: boolean;
  /** From the first to the last message time seen. */
  durationMs: number;
  pages: number;
  clicks: number;
  errors: number;
  failedRequests: number;
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
    verifiedUserId: s.verifiedUserId,
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
    impersonated: s.impersonated,
    durationMs:
      s.firstMessageAt !== null && s.lastMessageAt !== null
        ? Math.max(0, s.lastMessageAt - s.firstMessageAt)
        : 0,
    pages: s.pages,
    clicks: s.clicks,
    errors: s.errors,
    failedRequests: s.failedRequests,
    batches: s.batches,
    messages: s.messages,
    bytes: s.bytes,
  };
}

export interface SessionSearch {
  projectId?: string;
  /** Sessions of these user ids only (the learner filter, resolved by the caller); empty matches nothing. */
  userIds?: string[];
  from?: Date;
  to?: Date;
  minDurationMs?: number;
  maxDurationMs?: number;
  minPages?: number;
  hasErrors?: boolean;
  hasFailedRequests?: boolean;
  browser?: string;
  os?: string;
  /** The address the recording started on contains this (the only page address the index keeps). */
  url?: string;
  sort: 'startedAt' | 'duration' | 'pages' | 'errors';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  idleSeconds: number;
}

/** The sessions search of the console: every filter is an indexed or bounded column test, paged. */
export async function listSessions(
  db: Database,
  input: SessionSearch,
): Promise<{ total: number; sessions: SessionSummary[] }> {
  const s = ingestSessions;
  const duration = sql<number>`coalesce(${s.lastMessageAt} - ${s.firstMessageAt}, 0)`;
  const filters: SQL[] = [];
  if (input.projectId) filters.push(eq(s.projectId, input.projectId));
  if (input.userIds) {
    if (input.userIds.length === 0) return { total: 0, sessions: [] };
    filters.push(or(inArray(s.verifiedUserId, input.userIds), inArray(s.userId, input.userIds))!);
  }
  if (input.from) filters.push(gte(s.startedAt, input.from));
  if (input.to) filters.push(lte(s.startedAt, input.to));
  if (input.minDurationMs !== undefined) filters.push(sql`${duration} >= ${input.minDurationMs}`);
  if (input.maxDurationMs !== undefined) filters.push(sql`${duration} <= ${input.maxDurationMs}`);
  if (input.minPages !== undefined) filters.push(gte(s.pages, input.minPages));
  if (input.hasErrors === true) filters.push(gt(s.errors, 0));
  if (input.hasErrors === false) filters.push(eq(s.errors, 0));
  if (input.hasFailedRequests === true) filters.push(gt(s.failedRequests, 0));
  if (input.hasFailedRequests === false) filters.push(eq(s.failedRequests, 0));
  if (input.browser) filters.push(ilike(s.userBrowser, `%${escapeLike(input.browser)}%`));
  if (input.os) filters.push(ilike(s.userOs, `%${escapeLike(input.os)}%`));
  if (input.url) filters.push(ilike(s.url, `%${escapeLike(input.url)}%`));
  const where = filters.length ? and(...filters) : undefined;
  const column = { startedAt: s.startedAt, duration, pages: s.pages, errors: s.errors }[input.sort];
  const direction = input.order === 'asc' ? asc : desc;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(s).where(where);
  const rows = await db
    .select()
    .from(s)
    .where(where)
    .orderBy(direction(column), direction(s.id))
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

async function assertSessionExists(db: Database, sessionId: string): Promise<void> {
  const [session] = await db
    .select({ id: ingestSessions.id })
    .from(ingestSessions)
    .where(eq(ingestSessions.id, sessionId))
    .limit(1);
  if (!session) throw notFound('找不到此錄影', 'session_not_found');
}

/** A session's batches per tab, in upload order (pageNo, seq, then split halves). */
export async function listSessionBatches(db: Database, sessionId: string) {
  await assertSessionExists(db, sessionId);
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
 * A session's messages as NDJSON, one line per batch (`{tabId, pageNo, seq, messages}`, or
 * `{tabId, pageNo, seq, unreadable: true}` when its blob is missing) in the order
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
      const head = JSON.stringify({ tabId: b.tabId, pageNo: b.pageNo, seq: b.seq });
      // A batch whose bytes are gone is named, not skipped, so the player can say it cannot show it.
      if (!body) {
        yield `${head.slice(0, -1)},"unreadable":true}\n`;
        continue;
      }
      // The blob is already the JSON array of the batch's messages; splice it in without re-parsing.
      yield `${head.slice(0, -1)},"messages":${body.toString('utf8')}}\n`;
    }
  }
  return Readable.from(lines());
}

/**
 * Removes a recording: its blobs and the agents' tab recordings of it first, then the session (its batch
 * index goes with it), leaving a tombstone so the learner's open tab cannot record under its id again.
 */
export async function deleteSession(db: Database, blobs: BlobStore, sessionId: string): Promise<void> {
  const keys = await db
    .select({ blobKey: ingestBatches.blobKey })
    .from(ingestBatches)
    .where(eq(ingestBatches.sessionId, sessionId));
  await assertSessionExists(db, sessionId);
  for (const { blobKey } of keys) await blobs.delete(blobKey);
  await removeTabRecordings(db, blobs, sessionId);
  await db.delete(ingestSessions).where(eq(ingestSessions.id, sessionId));
}
