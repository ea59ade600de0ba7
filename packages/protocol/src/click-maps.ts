import { z } from 'zod';

/**
 * Click maps (/v1/console/click-maps; ADR 0064): where the learners' clicks of the last N days landed on one
 * page, drawn in the console over a paused replay of a recent visit to that page. Staff only; snake_case and
 * strict query strings like the other staff APIs (ADR 0046).
 */

const days = z.coerce.number<string | number>().int().min(1).max(90).default(7);
/**
 * How clicks make one map: `route` (the default) by page template — ids in the path (numbers, UUIDs, long hex
 * ids, opaque tokens) as `:id`, so `/classes/123` and `/classes/456` are `/classes/:id` —, `path` by the exact path.
 */
export const clickMapGrouping = z.enum(['route', 'path']);
export type ClickMapGrouping = z.infer<typeof clickMapGrouping>;
const group = clickMapGrouping.default('route');

/** GET /v1/console/click-maps/pages — the pages clicked on in the period, most clicks first. */
export const clickMapPagesQuery = z.strictObject({
  days,
  /** The path contains this (case-insensitive). */
  q: z.string().trim().max(300).optional(),
  group,
});
export type ClickMapPagesParams = z.input<typeof clickMapPagesQuery>;

export const clickMapPage = z.object({
  /** The route (`/classes/:id`) or, grouped by path, the exact path. */
  path: z.string(),
  clicks: z.number(),
  sessions: z.number(),
  /** Distinct paths the entry covers (1 grouped by path). */
  paths: z.number(),
});
export const clickMapPages = z.object({
  days: z.number(),
  group: clickMapGrouping,
  pages: z.array(clickMapPage),
});
export type ClickMapPages = z.infer<typeof clickMapPages>;

/** GET /v1/console/click-maps — one page's map (grouped by route, an exact path asks for its route's map). */
export const clickMapQuery = z.strictObject({
  path: z.string().min(1).max(300).startsWith('/'),
  days,
  group,
});
export type ClickMapParams = z.input<typeof clickMapQuery>;

/** The page is cut into a 100 × 100 grid: a cell is 1 % of the page's width and of its height. */
export const CLICK_MAP_GRID = 100;

export const clickMap = z.object({
  path: z.string(),
  days: z.number(),
  group: clickMapGrouping,
  /** Distinct paths whose clicks the map shows (1 grouped by path). */
  paths: z.number(),
  clicks: z.number(),
  sessions: z.number(),
  /** Clicks per grid cell (x, y in 0..99), only cells that have any. */
  cells: z.array(z.object({ x: z.number(), y: z.number(), count: z.number() })),
  /** The most clicked elements, by label and selector. */
  elements: z.array(z.object({ label: z.string(), selector: z.string(), clicks: z.number() })),
  /** The latest click's moment: the console replays that session paused there as the page's picture. */
  snapshot: z.object({ session_id: z.uuid(), tab_id: z.string(), at: z.number() }).nullable(),
});
export type ClickMap = z.infer<typeof clickMap>;
