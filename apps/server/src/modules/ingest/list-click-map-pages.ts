import type { ClickMapGrouping, ClickMapPages } from '@atrium/protocol/click-maps';
import { count, countDistinct, desc, gte, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestClickPoints } from '../../db/schema.ts';

const DAY_MS = 86_400_000;
/** Pages listed at once: the picker searches by path for the rest. */
const PAGES = 50;

/**
 * The pages clicked on in the last `days` days, most clicks first (ADR 0064): by route (a page template,
 * ids as `:id`) unless asked by exact path. With `q`, the routes that have a path (or are a route) containing
 * it, with all their clicks counted.
 */
export async function listClickMapPages(
  db: Database,
  input: { days: number; q?: string; group?: ClickMapGrouping; now?: number },
): Promise<ClickMapPages> {
  const group = input.group ?? 'route';
  const since = (input.now ?? Date.now()) - input.days * DAY_MS;
  const p = ingestClickPoints;
  const key = group === 'route' ? p.route : p.path;
  // LIKE wildcards in the words asked are text, not patterns.
  const like = input.q ? `%${input.q.replace(/[\\%_]/g, '\\$&')}%` : null;
  const clicks = count();
  const rows = await db
    .select({ path: key, clicks, sessions: countDistinct(p.sessionId), paths: countDistinct(p.path) })
    .from(p)
    .where(gte(p.at, since))
    .groupBy(key)
    .having(like ? sql`bool_or(${or(ilike(p.path, like), ilike(key, like))})` : undefined)
    .orderBy(desc(clicks), key)
    .limit(PAGES);
  return { days: input.days, group, pages: rows };
}
