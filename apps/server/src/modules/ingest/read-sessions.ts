import { Readable } from 'node:stream';
import type {
  RecordingBatch,
  RecordingBatchLine,
  RecordingSort,
  RecordingView,
} from '@atrium/protocol/recordings';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestBatches, ingestSessions } from '../../db/schema.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { notFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/escape-like.ts';
import { compactedPrefix } from './compacted-object-key.ts';
import { narrowTermPatterns } from './narrow-search-terms.ts';
import { type BatchLocation, createBatchReader } from './read-batch-bytes.ts';
import { isSessionActive } from './session-activity.ts';
import { sessionDeleted } from './session-deleted.ts';
import { hasSessionEvent, type SessionSignal } from './session-event-filter.ts';
import {
  hasSearchEvent,
  listSearchMatches,
  type SearchMatch,
  type SearchTerm,
} from './session-search-filter.ts';

/**
 * Its last tab was closed, and no page of it started within a few seconds: a navigation leaves a page and starts
 * the next one in about a second, a closed tab starts nothing (ADR 0066).
 */
const CLOSED_TAB_GRACE_MS = 10_000;
function tabsClosed(endedAt: Date | null, now: number): boolean {
  return endedAt !== null && now - endedAt.getTime() >= CLOSED_TAB_GRACE_MS;
}

/** Staff reads of recorded sessions for the replay console (exported for modules/replay). */
type SessionRow = typeof ingestSessions.$inferSelect;

function toSummary(s: SessionRow, idleSeconds: number, now: number): RecordingView {
  return {
    id: s.id,
    project_id: s.projectId,
    user_uuid: s.userUuid,
    user_id: s.userId,
    verified_user_id: s.verifiedUserId,
    user_browser: s.userBrowser,
    user_os: s.userOs,
    user_device: s.userDevice,
    user_country: s.userCountry,
    user_state: s.userState,
    user_city: s.userCity,
    timezone: s.timezone,
    width: s.width,
    height: s.height,
    url: s.url,
    referrer: s.referrer,
    tracker_version: s.trackerVersion,
    started_at: s.startedAt.toISOString(),
    last_activity_at: s.lastActivityAt.toISOString(),
    ended: !isSessionActive(s.lastActivityAt, idleSeconds, now) || tabsClosed(s.endedAt, now),
    impersonated: s.impersonated,
    duration_ms:
      s.firstMessageAt !== null && s.lastMessageAt !== null
        ? Math.max(0, s.lastMessageAt - s.firstMessageAt)
        : 0,
    pages: s.pages,
    clicks: s.clicks,
    errors: s.errors,
    failed_requests: s.failedRequests,
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
  /** Sessions in which the detectors found such a moment (ADR 0057). */
  signal?: SessionSignal;
  /** What happened in the session (ADR 0059): every term must have a matching moment. */
  terms?: SearchTerm[];
  sort: RecordingSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  idleSeconds: number;
}

/** How far an event search counts its sessions; the console shows "1 000+" past it. */
export const SEARCH_COUNT_CAP = 1000;

/** The sessions search of the console: every filter is an indexed or bounded column test, paged. */
export async function listSessions(
  db: Database,
  input: SessionSearch,
): Promise<{
  total: number;
  /** The total stopped at `SEARCH_COUNT_CAP`: there are more (event searches only). */
  totalCapped: boolean;
  sessions: (RecordingView & { matches?: SearchMatch[] })[];
}> {
  const s = ingestSessions;
  const duration = sql<number>`coalesce(${s.lastMessageAt} - ${s.firstMessageAt}, 0)`;
  const filters: SQL[] = [];
  if (input.projectId) filters.push(eq(s.projectId, input.projectId));
  if (input.userIds) {
    if (input.userIds.length === 0) return { total: 0, totalCapped: false, sessions: [] };
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
  if (input.signal) filters.push(hasSessionEvent(db, input.signal));
  const terms = input.terms ?? [];
  const narrowed = terms.length ? await narrowTermPatterns(db, terms) : [];
  filters.push(...terms.map((term, i) => hasSearchEvent(db, term, narrowed[i])));
  const where = filters.length ? and(...filters) : undefined;
  const column = { started_at: s.startedAt, duration, pages: s.pages, errors: s.errors }[input.sort];
  const direction = input.order === 'asc' ? asc : desc;
  const page = (filter: SQL | undefined) =>
    db
      .select()
      .from(s)
      .where(filter)
      .orderBy(direction(column), direction(s.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
  const capped = terms.length > 0;
  let found: number;
  let rows: SessionRow[];
  if (capped) {
    // An event search lists at most SEARCH_COUNT_CAP + 1 matching sessions: a word found in most sessions would
    // otherwise look up every one of them for a figure nobody pages through (315 ms p95 at 100 000 sessions).
    // When they are all there (the usual case for a narrow search), the page is sorted from those ids, so the
    // terms' index scans run once and not again for the page (ADR 0071); past the cap the page is the ordered
    // scan over all of them, as without terms.
    const ids = (
      await db
        .select({ id: s.id })
        .from(s)
        .where(where)
        .limit(SEARCH_COUNT_CAP + 1)
    ).map((r) => r.id);
    found = ids.length;
    rows = found === 0 ? [] : await page(found > SEARCH_COUNT_CAP ? where : inArray(s.id, ids));
  } else {
    // The count and the page are two scans of the same filters: on PostgreSQL they run side by side on two
    // pooled connections (PGlite runs them in turn), so a search costs the slower of them, not the sum.
    const [[{ total } = { total: 0 }], pageRows] = await Promise.all([
      db.select({ total: count() }).from(s).where(where),
      page(where),
    ]);
    found = total;
    rows = pageRows;
  }
  const totalCapped = capped && found > SEARCH_COUNT_CAP;
  const total = totalCapped ? SEARCH_COUNT_CAP : found;
  const now = Date.now();
  const sessions = rows.map((r) => toSummary(r, input.idleSeconds, now));
  if (!input.terms?.length) return { total, totalCapped, sessions };
  // The moments that made each row match, so the console lists them and opens the first.
  const matches = await listSearchMatches(
    db,
    sessions.map((r) => r.id),
    input.terms,
  );
  return {
    total,
    totalCapped,
    sessions: sessions.map((r) => ({ ...r, matches: matches.get(r.id) ?? [] })),
  };
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
export async function listSessionBatches(db: Database, sessionId: string): Promise<RecordingBatch[]> {
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
    batch_id: b.batchId,
    tab_id: b.tabId,
    page_no: b.pageNo,
    seq: b.seq,
    bytes: b.bytes,
    message_count: b.messageCount,
    first_timestamp: b.firstTimestamp,
    last_timestamp: b.lastTimestamp,
    received_at: b.receivedAt.toISOString(),
  }));
}

/**
 * A session's messages as NDJSON, one line per batch (`{tabId, pageNo, seq, messages}`, or
 * `{tabId, pageNo, seq, unreadable: true}` when its blob is missing) in the order
 * of listSessionBatches, read from the blob store one batch (or one compacted object) at a time so memory stays
 * flat. Blobs are inflated here and the answer compressed again for the wire (ADR 0053: Chromium reads only the
 * first member of a multi-member gzip body, so the stored members cannot be passed through); a batch compacted
 * while the stream runs is looked up again at its new place.
 */
export async function streamSessionMessages(
  db: Database,
  blobs: BlobStore,
  sessionId: string,
): Promise<Readable> {
  const batches = await listSessionBatches(db, sessionId);
  const locationsOf = async () => {
    const rows = await db
      .select({
        batchId: ingestBatches.batchId,
        blobKey: ingestBatches.blobKey,
        blobOffset: ingestBatches.blobOffset,
        blobLength: ingestBatches.blobLength,
      })
      .from(ingestBatches)
      .where(eq(ingestBatches.sessionId, sessionId));
    return new Map(rows.map((r) => [r.batchId, r]));
  };
  let locations = await locationsOf();
  const read = createBatchReader(blobs);
  async function* lines() {
    for (const b of batches) {
      let body = await readAt(locations.get(b.batch_id));
      if (!body) {
        // The compactor may have moved it (and removed its old blob) since the stream began.
        locations = await locationsOf();
        body = await readAt(locations.get(b.batch_id));
      }
      const head = JSON.stringify({
        tabId: b.tab_id,
        pageNo: b.page_no,
        seq: b.seq,
      } satisfies RecordingBatchLine);
      // A batch whose bytes are gone is named, not skipped, so the player can say it cannot show it.
      if (!body) {
        yield `${head.slice(0, -1)},"unreadable":true}\n`;
        continue;
      }
      // The blob is already the JSON array of the batch's messages; splice it in without re-parsing.
      yield `${head.slice(0, -1)},"messages":${body.toString('utf8')}}\n`;
    }
  }
  const readAt = (at: BatchLocation | undefined) => (at ? read(at) : Promise.resolve(null));
  return Readable.from(lines());
}

/**
 * Removes a recording: its blobs and the agents' tab recordings of it first, then the session (its batch
 * index goes with it), leaving a tombstone so the learner's open tab cannot record under its id again.
 */
export async function deleteSession(db: Database, blobs: BlobStore, sessionId: string): Promise<void> {
  const [session] = await db
    .select({ projectId: ingestSessions.projectId })
    .from(ingestSessions)
    .where(eq(ingestSessions.id, sessionId))
    .limit(1);
  if (!session) throw notFound('找不到此錄影', 'session_not_found');
  const rows = await db
    .select({ blobKey: ingestBatches.blobKey, retiredBlobKey: ingestBatches.retiredBlobKey })
    .from(ingestBatches)
    .where(eq(ingestBatches.sessionId, sessionId));
  // Compacted batches share an object; a batch's own blob may linger until the compactor removes it.
  const keys = new Set(rows.flatMap((r) => (r.retiredBlobKey ? [r.blobKey, r.retiredBlobKey] : [r.blobKey])));
  for (const key of keys) await blobs.delete(key);
  // Objects of a compaction that crashed before its transaction, which no row names.
  await blobs.deletePrefix(compactedPrefix(session.projectId, sessionId));
  await sessionDeleted.emit({ db, blobs, sessionId });
  await db.delete(ingestSessions).where(eq(ingestSessions.id, sessionId));
}
