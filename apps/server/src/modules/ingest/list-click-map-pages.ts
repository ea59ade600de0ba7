import type { ClickMapPages } from '@atrium/protocol/click-maps';
import { and, count, countDistinct, desc, gte, ilike } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestClickPoints } from '../../db/schema.ts';

const DAY_MS = 86_400_000;
/** Pages listed at once: the picker searches by path for the rest. */
const PAGES = 50;

/** The pages clicked on in the last `days` days whose path contains `q`, most clicks first (ADR 0064). */
export async function listClickMapPages(
  db: Database,
  input: { days: number; q?: string; now?: number },
): Promise<ClickMapPages> {
  const since = (input.now ?? Date.now()) - input.days * DAY_MS;
  const filters = [gte(ingestClickPoints.at, since)];
  // LIKE wildcards in the words asked are text, not patterns.
  if (input.q) filters.push(ilike(ingestClickPoints.path, `%${input.q.replace(/[\\%_]/g, '\\$&')}%`));
  const clicks = count();
  const rows = await db
    .select({
      path: ingestClickPoints.path,
      clicks,
      sessions: countDistinct(ingestClickPoints.sessionId),
    })
    .from(ingestClickPoints)
    .where(and(...filters))
    .groupBy(ingestClickPoints.path)
    .orderBy(desc(clicks), ingestClickPoints.path)
    .limit(PAGES);
  return { days: input.days, pages: rows };
}
