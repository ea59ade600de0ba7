import { MessageType } from '@atrium/protocol/tracker/index';

/**
 * A click where it landed on its page (ADR 0064): the page's address path, and x/y as the tracker sends them,
 * 0..10 000 of the page's (document's) width and height at that moment — so clicks from windows of any size
 * fall on the same spot of one page.
 */
export interface ClickPosition {
  at: number;
  /** The page's path (no origin, query or fragment); null before the batch's first page location. */
  path: string | null;
  x: number;
  y: number;
  label: string;
  selector: string;
}

/** Clicks kept per batch: the click detectors' own cap, so a batch of 10 000 messages still writes few rows. */
export const MAX_CLICK_POSITIONS = 300;
/** Characters of a path kept: longer ones are not pages people pick from a list. */
export const MAX_PATH = 300;

const isTime = (v: unknown): v is number =>
  typeof v === 'number' && v > 946_684_800_000 && v < 4_102_444_800_000;
const str = (v: unknown, max: number) =>
  typeof v === 'string' ? v.replaceAll('\u0000', '').slice(0, max) : '';
const scaled = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(10_000, Math.max(0, Math.round(v))) : null;

/** The path of an address (`/tasks/my` of `https://host/tasks/my?token=…#x`); '' when it is not one. */
export function pathOf(url: string): string {
  try {
    return new URL(url, 'http://x.invalid').pathname.slice(0, MAX_PATH);
  } catch {
    return '';
  }
}

// Path segments that name one record rather than a page of the site (ADR 0064, revision): a number, a UUID,
// a long hex id (Mongo's 24, hashes), or an opaque token (20+ URL-safe characters mixing letters and digits:
// nanoid, base64url). Words and slugs ("introduction-to-python") stay.
const NUMBER = /^\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^[0-9a-f]{16,}$/i;
const TOKEN = /^[A-Za-z0-9_-]{20,}$/;
/** What an id segment becomes in a route. */
export const ROUTE_PLACEHOLDER = ':id';

const isIdSegment = (segment: string) =>
  NUMBER.test(segment) ||
  UUID.test(segment) ||
  HEX.test(segment) ||
  (TOKEN.test(segment) && /\d/.test(segment) && /[A-Za-z]/.test(segment));

/**
 * The route a path belongs to: its id segments replaced by `:id`, so `/classes/123` and `/classes/456` are one
 * page template (`/classes/:id`). A route is its own route. The migration that added the column computes the
 * same for the clicks stored before it, in SQL (migration 0019: keep the two in step).
 */
export function routeOf(path: string): string {
  return path
    .split('/')
    .map((segment) => (isIdSegment(segment) ? ROUTE_PLACEHOLDER : segment))
    .join('/');
}

/**
 * One pass over a batch in the parse worker: each click with its page (the latest location before it in the
 * batch) and its position. Only the path is kept of an address: its query may hold credentials or ids.
 */
export function readClickPositions(messages: readonly (readonly unknown[])[]): ClickPosition[] {
  const clicks: ClickPosition[] = [];
  let now: number | null = null;
  let path: string | null = null;
  for (const m of messages) {
    if (clicks.length >= MAX_CLICK_POSITIONS) break;
    switch (m[0]) {
      case MessageType.Timestamp:
        if (isTime(m[1])) now = m[1];
        break;
      case MessageType.SetPageLocation:
        path = pathOf(str(m[1], 4000)) || path;
        break;
      case MessageType.MouseClick: {
        const x = scaled(m[4]);
        const y = scaled(m[5]);
        if (now === null || x === null || y === null) break;
        clicks.push({ at: now, path, x, y, label: str(m[2], 100), selector: str(m[3], 300) });
        break;
      }
    }
  }
  return clicks;
}
