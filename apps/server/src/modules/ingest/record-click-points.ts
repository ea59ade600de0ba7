import { and, desc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestClickPoints, ingestSearchEvents } from '../../db/schema.ts';
import { type ClickPosition, pathOf, routeOf } from './click-positions.ts';

/**
 * After a batch is stored: its clicks with their page for the click maps (ADR 0064), one insert of at most
 * MAX_CLICK_POSITIONS rows. Clicks before the batch's first page location are on the page the tab was on:
 * the latest page the search index holds for the tab (ADR 0059) — one indexed lookup, only when needed.
 * Clicks whose page is still unknown are left out rather than put on a wrong page.
 */
export async function recordClickPoints(
  db: Database,
  input: { sessionId: string; tabId: string; clicks: readonly ClickPosition[] },
): Promise<void> {
  const first = input.clicks.find((c) => c.path === null);
  let carried = '';
  if (first) {
    const [page] = await db
      .select({ value: ingestSearchEvents.value })
      .from(ingestSearchEvents)
      .where(
        and(
          eq(ingestSearchEvents.sessionId, input.sessionId),
          eq(ingestSearchEvents.kind, 'visited_url'),
          eq(ingestSearchEvents.tabId, input.tabId),
          lte(ingestSearchEvents.at, first.at),
        ),
      )
      .orderBy(desc(ingestSearchEvents.at))
      .limit(1);
    carried = page ? pathOf(page.value) : '';
  }
  const rows = input.clicks.flatMap((c) => {
    const path = c.path ?? carried;
    return path ? [{ sessionId: input.sessionId, tabId: input.tabId, ...c, path, route: routeOf(path) }] : [];
  });
  if (rows.length) await db.insert(ingestClickPoints).values(rows);
}
