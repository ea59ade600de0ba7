import { describe, expect, it } from 'vitest';
import type { ReplayEvent } from './recording.ts';
import { replayStretches, STRETCH_END_TAG, stretchAt } from './replay-stretches.ts';

const meta = (timestamp: number): ReplayEvent => ({
  type: 4,
  data: { href: 'https://x/', width: 800, height: 600 },
  timestamp,
});
const snapshot = (timestamp: number): ReplayEvent => ({ type: 2, data: {}, timestamp });
const move = (timestamp: number): ReplayEvent => ({ type: 3, data: { source: 1 }, timestamp });

/** A page at each of `pages` moments (Meta, full snapshot), with a pointer move every second until `end`. */
function tab(pages: number[], end: number): ReplayEvent[] {
  const events: ReplayEvent[] = [];
  for (let t = 0; t <= end; t += 1000) {
    if (pages.includes(t)) events.push(meta(t), snapshot(t));
    events.push(move(t));
  }
  return events;
}

describe('replayStretches', () => {
  it('cuts at the first page that comes at least the minimum after a stretch began, and keeps every event once', () => {
    const events = tab([0, 2000, 5000, 6000, 9000], 11_000);
    const stretches = replayStretches(events, 4000);
    expect(stretches.map((s) => [s.from, s.to])).toEqual([
      [0, 5000],
      [5000, 9000],
      [9000, 11_000],
    ]);
    // Each stretch starts with its page's Meta and full snapshot: what rrweb starts a replay from.
    for (const s of stretches) expect(s.events.slice(0, 2).map((e) => e.type)).toEqual([4, 2]);
    const own = stretches.flatMap((s) => s.events.filter((e) => e.type !== 5));
    expect(own).toEqual(events);
  });

  it("carries every stretch but the last on to the next one's first moment", () => {
    const stretches = replayStretches(tab([0, 5000], 8000), 4000);
    expect(stretches[0]!.events.at(-1)).toEqual({
      type: 5,
      data: { tag: STRETCH_END_TAG, payload: null },
      timestamp: 5000,
    });
    expect(stretches[1]!.events.at(-1)!.type).toBe(3);
  });

  it('keeps a tab shorter than the minimum, or without pages, in one stretch; an empty tab has none', () => {
    expect(replayStretches(tab([0, 1000, 2000], 3000), 4000)).toHaveLength(1);
    expect(replayStretches(tab([], 9000), 4000)).toHaveLength(1);
    expect(replayStretches([], 4000)).toEqual([]);
  });
});

describe('stretchAt', () => {
  const stretches = replayStretches(tab([0, 5000, 9000], 11_000), 4000);
  it('finds the stretch that shows a moment, the first before the tab began and the last after it ended', () => {
    expect([-5, 0, 4999, 5000, 8999, 9000, 20_000].map((t) => stretchAt(stretches, t))).toEqual([
      0, 0, 0, 1, 1, 2, 2,
    ]);
  });
});
