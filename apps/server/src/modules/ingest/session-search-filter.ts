import { and, asc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestSearchEvents, ingestSessions } from '../../db/schema.ts';
import { escapeLike } from '../../lib/escape-like.ts';
import type { SearchKind } from './search-facts.ts';

/** One "what happened" term of a search: a moment of this kind whose text contains this (any case). */
export interface SearchTerm {
  kind: SearchKind;
  text: string;
}

/** A moment that made a session match, for its result row and the player's deep link. */
export interface SearchMatch {
  kind: SearchKind;
  tab_id: string;
  at: number;
  value: string;
}

/** Moments listed per result row: the first few are what a person scans; the link opens the first. */
export const MATCHES_PER_SESSION = 5;

const termTest = (t: SearchTerm) => {
  const e = ingestSearchEvents;
  return and(eq(e.kind, t.kind), ilike(e.value, `%${escapeLike(t.text)}%`))!;
};

/**
 * `value` contains the term, written so that no trigram index takes it for its condition: `value || ''` is the
 * same text. The planner then reads the moments through the (session, kind, at, value) index, or tests the
 * whole term on what a narrowed trigram scan found (narrow-search-terms.ts; ADR 0071).
 */
const containsOutsideIndex = (text: string) =>
  sql`(${ingestSearchEvents.value} || '') ilike ${`%${escapeLike(text)}%`}`;

/**
 * The test for a page's few sessions: not a trigram scan of every session, which the planner would otherwise
 * pick for a term it thinks rare (ADR 0071: 224 → 4 ms at 10 M moments).
 */
const pageTermTest = (t: SearchTerm) =>
  and(eq(ingestSearchEvents.kind, t.kind), containsOutsideIndex(t.text))!;

/**
 * The search's test for one term. Written as `exists`, so PostgreSQL picks per query: a probe of the
 * (session, kind, at) index per candidate when other filters leave few sessions, or one trigram index scan
 * (pg_trgm GIN, migration 0011) and a semi-join when the term is rare among many sessions. `narrowed` is the
 * pattern narrowTermPatterns gave the term, if any.
 */
export function hasSearchEvent(db: Database, term: SearchTerm, narrowed?: string): SQL {
  const e = ingestSearchEvents;
  // With a narrowed pattern the trigram index is asked for that, and the whole term is tested on what it finds.
  const test = narrowed
    ? and(eq(e.kind, term.kind), ilike(e.value, narrowed), containsOutsideIndex(term.text))
    : termTest(term);
  return exists(
    db
      .select({ one: sql`1` })
      .from(e)
      .where(and(eq(e.sessionId, ingestSessions.id), test)),
  );
}

/** For a page of results: the first matching moments of each session, any term, in time order. */
export async function listSearchMatches(
  db: Database,
  sessionIds: readonly string[],
  terms: readonly SearchTerm[],
): Promise<Map<string, SearchMatch[]>> {
  const out = new Map<string, SearchMatch[]>();
  if (sessionIds.length === 0 || terms.length === 0) return out;
  const e = ingestSearchEvents;
  const ranked = db
    .select({
      sessionId: e.sessionId,
      kind: e.kind,
      tabId: e.tabId,
      at: e.at,
      value: e.value,
      rank: sql<number>`row_number() over (partition by ${e.sessionId} order by ${e.at}, ${e.kind})`.as(
        'rank',
      ),
    })
    .from(e)
    .where(and(inArray(e.sessionId, [...sessionIds]), or(...terms.map(pageTermTest))))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${MATCHES_PER_SESSION}`)
    .orderBy(asc(ranked.sessionId), asc(ranked.at));
  for (const r of rows) {
    const list = out.get(r.sessionId) ?? [];
    list.push({ kind: r.kind, tab_id: r.tabId, at: Number(r.at), value: r.value });
    out.set(r.sessionId, list);
  }
  return out;
}
