/** Rows drawn above and below the box, so a quick scroll does not show blank space first. */
const OVERSCAN = 10;

/** The last entry at or before `now` (entries in time order), -1 when the playhead is before them all. */
export function indexAt(items: readonly { time: number }[], now: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((items[mid]?.time ?? 0) <= now) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Which of `count` rows of `rowPx` a box of `viewPx` scrolled to `scrollTop` shows: rows `from` to `to`
 * (exclusive) are drawn, the others are only `before` and `after` pixels of space. A long session's thousands
 * of entries then cost a few dozen rows.
 */
export function rowsInView(count: number, rowPx: number, viewPx: number, scrollTop: number) {
  const from = Math.max(0, Math.floor(scrollTop / rowPx) - OVERSCAN);
  const to = Math.min(count, Math.ceil((scrollTop + viewPx) / rowPx) + OVERSCAN);
  return { from, to, before: from * rowPx, after: Math.max(0, count - to) * rowPx };
}
