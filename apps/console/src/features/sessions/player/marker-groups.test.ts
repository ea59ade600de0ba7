import { describe, expect, it } from 'vitest';
import { groupMarkers } from './marker-groups.ts';
import type { Marker } from './recording.ts';

const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);
const m = (kind: Marker['kind'], at: number, label = `${kind}@${at}`): Marker => ({
  kind,
  time: T0 + at,
  label,
});

describe('groupMarkers', () => {
  it('puts markers of one kind that would overlap on the timeline into one group, in time order', () => {
    // 60 s on 600 px: 10 px a second; a marker is 8 px wide.
    const groups = groupMarkers(
      [m('error', 10_000, 'first'), m('error', 10_000, 'second'), m('error', 10_500), m('error', 30_000)],
      T0,
      60_000,
      600,
    );
    expect(groups.map((g) => [g.kind, g.markers.map((x) => x.label)])).toEqual([
      ['error', ['first', 'second', 'error@10500']],
      ['error', ['error@30000']],
    ]);
    expect(groups[0]!.at).toBeCloseTo((10_000 / 60_000) * 100);
  });

  it('keeps kinds apart (each has its own lane) and markers far enough apart single', () => {
    const groups = groupMarkers([m('click', 5000), m('page', 5000), m('click', 6000)], T0, 60_000, 600);
    expect(groups.map((g) => [g.kind, g.markers.length])).toEqual([
      ['page', 1],
      ['click', 1],
      ['click', 1],
    ]);
  });
});
