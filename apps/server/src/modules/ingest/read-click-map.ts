import { CLICK_MAP_GRID, type ClickMap, type ClickMapGrouping } from '@atrium/protocol/click-maps';
import { type AnyColumn, and, count, countDistinct, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestClickPoints } from '../../db/schema.ts';
import { routeOf } from './click-positions.ts';

const DAY_MS = 86_400_000;
const TOP_ELEMENTS = 10;

/**
 * One page's click map of the last `days` days (ADR 0064): clicks counted per grid cell (at most 100 × 100
 * rows, whatever the number of clicks), the most clicked elements, and the latest click's moment for the
 * console's picture of the page.
 */
export async function readClickMap(
  db: Database,
  input: { path: string; days: number; group?: ClickMapGrouping; now?: number },
): Promise<ClickMap> {
  const group = input.group ?? 'route';
  const since = (input.now ?? Date.now()) - input.days * DAY_MS;
  // Grouped by route, an exact path (a link from elsewhere) opens its template's map.
  const path = group === 'route' ? routeOf(input.path) : input.path;
  const key = group === 'route' ? ingestClickPoints.route : ingestClickPoints.path;
  const where = and(eq(key, path), gte(ingestClickPoints.at, since));
  const step = 10_000 / CLICK_MAP_GRID;
  // x and y are 0..10 000; the last cell takes 10 000 itself.
  // Constants written into the SQL, not bound: GROUP BY matches the select's expression only when it is
  // the same text, and two bound parameters are two different expressions to PostgreSQL.
  const cell = (column: AnyColumn) =>
    sql<number>`least(${column} / ${sql.raw(String(step))}, ${sql.raw(String(CLICK_MAP_GRID - 1))})`;
  const cellX = cell(ingestClickPoints.x);
  const cellY = cell(ingestClickPoints.y);
  const [totals] = await db
    .select({
      clicks: count(),
      sessions: countDistinct(ingestClickPoints.sessionId),
      paths: countDistinct(ingestClickPoints.path),
    })
    .from(ingestClickPoints)
    .where(where);
  const n = count();
  const cells = await db
    .select({ x: cellX, y: cellY, count: n })
    .from(ingestClickPoints)
    .where(where)
    .groupBy(cellX, cellY);
  const elements = await db
    .select({ label: ingestClickPoints.label, selector: ingestClickPoints.selector, clicks: n })
    .from(ingestClickPoints)
    .where(where)
    .groupBy(ingestClickPoints.label, ingestClickPoints.selector)
    .orderBy(desc(n), ingestClickPoints.label)
    .limit(TOP_ELEMENTS);
  const [latest] = await db
    .select({
      sessionId: ingestClickPoints.sessionId,
      tabId: ingestClickPoints.tabId,
      at: ingestClickPoints.at,
    })
    .from(ingestClickPoints)
    .where(where)
    .orderBy(desc(ingestClickPoints.at))
    .limit(1);
  return {
    path,
    days: input.days,
    group,
    paths: totals?.paths ?? 0,
    clicks: totals?.clicks ?? 0,
    sessions: totals?.sessions ?? 0,
    cells: cells.map((c) => ({ x: Number(c.x), y: Number(c.y), count: c.count })),
    elements,
    snapshot: latest ? { session_id: latest.sessionId, tab_id: latest.tabId, at: latest.at } : null,
  };
}
