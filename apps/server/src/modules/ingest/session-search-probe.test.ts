import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseKind, databaseKinds, openTestDatabase } from '../../../test/test-databases.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { ingestProjects, ingestSearchEvents, ingestSessions } from '../../db/schema.ts';
import { narrowTermPatterns } from './narrow-search-terms.ts';
import { listSessions } from './read-sessions.ts';

// The sessions search's per-session probe and its paging of a narrow search (ADR 0071).
describe.each(databaseKinds)('the sessions search by what happened, on %s', (kind: DatabaseKind) => {
  let handle: DatabaseHandle;
  const ids: string[] = [];
  const T0 = Date.UTC(2026, 10, 20);

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    const [project] = await handle.db
      .insert(ingestProjects)
      .values({ name: 'probe', key: 'probe-key' })
      .returning({ id: ingestProjects.id });
    // Nine sessions, a page count each; those with an even number visited the course page.
    const sessions = await handle.db
      .insert(ingestSessions)
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          projectId: project!.id,
          userUuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          startedAt: new Date(T0 + i * 60_000),
          lastActivityAt: new Date(T0 + i * 60_000),
          pages: [5, 3, 8, 1, 9, 4, 2, 7, 6][i]!,
        })),
      )
      .returning({ id: ingestSessions.id });
    ids.push(...sessions.map((s) => s.id));
    await handle.db.insert(ingestSearchEvents).values(
      sessions.flatMap((s, i) => [
        {
          sessionId: s.id,
          tabId: 't',
          kind: 'visited_url' as const,
          at: T0 + i,
          value: `https://x/course/${i % 2 ? 7 : 1234}/`,
        },
        {
          sessionId: s.id,
          tabId: 't',
          kind: 'failed_url' as const,
          at: T0 + i + 1,
          value: `https://x/v1/tasks/${i}/files`,
        },
      ]),
    );
    // Session 1 visited 1 000 more course pages (so the statistics call `course` a common word) and a chapter
    // numbered 1234: it matches `%/%/1234/%` but not the term `/course/1234/`.
    await handle.db.insert(ingestSearchEvents).values([
      ...Array.from({ length: 1000 }, (_, n) => ({
        sessionId: ids[1]!,
        tabId: 't',
        kind: 'visited_url' as const,
        at: T0 + 1000 + n,
        value: `https://x/course/${2000 + n}/lesson`,
      })),
      {
        sessionId: ids[1]!,
        tabId: 't',
        kind: 'visited_url' as const,
        at: T0 + 500,
        value: 'https://x/chapter/1234/',
      },
    ]);
    await handle.db.execute(sql`analyze ingest_search_events`);
  });
  afterAll(() => handle.close());

  it('asks the trigram index without the words most moments contain', async () => {
    expect(
      await narrowTermPatterns(handle.db, [
        { kind: 'visited_url', text: '/course/1234/' },
        { kind: 'visited_url', text: 'x9q%_course' },
        // Nothing to leave out: one word, or no common word.
        { kind: 'visited_url', text: 'course' },
        { kind: 'visited_url', text: 'chapter 1234' },
      ]),
    ).toEqual(['%/%/1234/%', '%x9q\\%\\_%', undefined, undefined]);
    // The whole term still decides: session 1's chapter 1234 is not a visit of /course/1234/.
    const found = await listSessions(handle.db, {
      terms: [{ kind: 'visited_url', text: '/course/1234/' }],
      sort: 'started_at',
      order: 'asc',
      page: 1,
      pageSize: 50,
      idleSeconds: 1800,
    });
    expect(found.sessions.map((r) => r.id)).toEqual([0, 2, 4, 6, 8].map((i) => ids[i]));
  });

  it('tests a term against a candidate session from its index alone, not from the table', async () => {
    // Forced off the table scans a handful of rows would get: the plan names what the probe can read from.
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result = (await tx.execute(
        sql`explain select 1 from ingest_search_events
            where session_id = ${ids[0]} and kind = 'failed_url' and value ilike '%tasks/0%'`,
      )) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('Index Only Scan using ingest_search_events_session_value_idx');
  });

  it('pages a narrow search in the asked order over all its sessions, with its exact total', async () => {
    const search = (page: number, order: 'asc' | 'desc') =>
      listSessions(handle.db, {
        terms: [
          { kind: 'visited_url', text: '/course/1234/' },
          { kind: 'failed_url', text: '/files' },
        ],
        sort: 'pages',
        order,
        page,
        pageSize: 2,
        idleSeconds: 1800,
      });
    // Sessions 0, 2, 4, 6, 8 have 5, 8, 9, 2, 6 pages.
    const byPages = [6, 0, 8, 2, 4].map((i) => ids[i]);
    const pages = await Promise.all([1, 2, 3].map((p) => search(p, 'asc')));
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages.every((p) => !p.totalCapped)).toBe(true);
    expect(pages.flatMap((p) => p.sessions.map((s) => s.id))).toEqual(byPages);
    expect((await search(1, 'desc')).sessions.map((s) => s.id)).toEqual([ids[4], ids[2]]);
    // Each row still carries the moments that made it match.
    expect((await search(3, 'asc')).sessions[0]?.matches?.map((m) => m.kind)).toEqual([
      'visited_url',
      'failed_url',
    ]);
  });
});
