import type { IssueSummary } from '@atrium/protocol/recordings';
import { and, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestSessionEvents, ingestSessions } from '../../db/schema.ts';

const DAY_MS = 86_400_000;

/**
 * The Issues screen (ADR 0057): exceptions of the last `days` days grouped by fingerprint, newest first,
 * with how often, in how many sessions, for how many learners, first and last seen and a per-day count.
 */
export async function listIssues(
  db: Database,
  input: {
    projectId?: string;
    /** One issue only (its detail page). */
    fingerprint?: string;
    days: number;
    page: number;
    pageSize: number;
    now?: number;
  },
): Promise<{ total: number; issues: IssueSummary[] }> {
  const e = ingestSessionEvents;
  const s = ingestSessions;
  const now = input.now ?? Date.now();
  // Whole days, so the sparkline's last bar is today.
  const since = Math.floor(now / DAY_MS) * DAY_MS - (input.days - 1) * DAY_MS;
  const filters: SQL[] = [eq(e.kind, 'exception'), gte(e.at, since)];
  if (input.projectId) filters.push(eq(s.projectId, input.projectId));
  if (input.fingerprint) filters.push(eq(e.fingerprint, input.fingerprint));
  const where = and(...filters);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(distinct ${e.fingerprint})::int` })
    .from(e)
    .innerJoin(s, eq(s.id, e.sessionId))
    .where(where);
  const last = sql<number>`max(${e.at})`;
  const rows = await db
    .select({
      fingerprint: sql<string>`${e.fingerprint}`,
      count: sql<number>`count(*)::int`,
      sessions: sql<number>`count(distinct ${e.sessionId})::int`,
      learners: sql<number>`count(distinct coalesce(${s.verifiedUserId}, ${s.userId}, ${s.userUuid}::text))::int`,
      lastSeen: sql<number>`${last}::float8`,
      name: sql<string>`(array_agg(${e.name} order by ${e.at} desc))[1]`,
      message: sql<string>`(array_agg(${e.label} order by ${e.at} desc))[1]`,
      frame: sql<string>`(array_agg(${e.frame} order by ${e.at} desc))[1]`,
    })
    .from(e)
    .innerJoin(s, eq(s.id, e.sessionId))
    .where(where)
    .groupBy(e.fingerprint)
    .orderBy(desc(last), e.fingerprint)
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  if (rows.length === 0) return { total, issues: [] };
  const prints = rows.map((r) => r.fingerprint);
  // First seen over everything kept, not just the period (the fingerprint index answers it).
  const firsts = await db
    .select({ fingerprint: sql<string>`${e.fingerprint}`, first: sql<number>`min(${e.at})::float8` })
    .from(e)
    .where(inArray(e.fingerprint, prints))
    .groupBy(e.fingerprint);
  const days = await db
    .select({
      fingerprint: sql<string>`${e.fingerprint}`,
      day: sql<number>`floor((${e.at} - ${since}) / ${DAY_MS})::int`,
      n: sql<number>`count(*)::int`,
    })
    .from(e)
    .innerJoin(s, eq(s.id, e.sessionId))
    .where(and(where, inArray(e.fingerprint, prints)))
    .groupBy(sql`1`, sql`2`);
  const firstOf = new Map(firsts.map((f) => [f.fingerprint, Number(f.first)]));
  return {
    total,
    issues: rows.map((r) => {
      const sparkline = new Array<number>(input.days).fill(0);
      for (const d of days)
        if (d.fingerprint === r.fingerprint && d.day >= 0 && d.day < input.days) sparkline[d.day] = d.n;
      return {
        fingerprint: r.fingerprint,
        name: r.name ?? 'Error',
        message: r.message ?? '',
        frame: r.frame ?? '',
        count: r.count,
        sessions: r.sessions,
        learners: r.learners,
        first_seen: firstOf.get(r.fingerprint) ?? Number(r.lastSeen),
        last_seen: Number(r.lastSeen),
        sparkline,
      };
    }),
  };
}

/** One issue's newest occurrences (at most `limit`), each a moment of a tab of a recording. */
export async function listIssueOccurrences(db: Database, fingerprint: string, limit = 100) {
  const e = ingestSessionEvents;
  const s = ingestSessions;
  return db
    .select({
      sessionId: e.sessionId,
      tabId: e.tabId,
      at: e.at,
      message: e.label,
      learnerId: sql<string | null>`coalesce(${s.verifiedUserId}, ${s.userId})`,
    })
    .from(e)
    .innerJoin(s, eq(s.id, e.sessionId))
    .where(and(eq(e.fingerprint, fingerprint), eq(e.kind, 'exception')))
    .orderBy(desc(e.at))
    .limit(limit);
}
