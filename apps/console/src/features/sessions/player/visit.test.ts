import { describe, expect, it } from 'vitest';
import type { Marker, TabRecording } from './recording.ts';
import { activeTabAt, buildVisit, tabSegments, visitMarkers } from './visit.ts';

const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);
const s = (seconds: number) => T0 + seconds * 1000;

/** A tab recorded from `from` to `to` seconds, hidden and shown again at the given seconds. */
function tab(
  tabId: string,
  from: number,
  to: number,
  visibility: [number, 'hidden' | 'visible'][] = [],
  markers: Marker[] = [],
): TabRecording {
  return {
    tabId,
    events: [
      { type: 4, data: {}, timestamp: s(from) },
      { type: 2, data: {}, timestamp: s(from) },
      { type: 3, data: {}, timestamp: s(to) },
    ],
    console: [],
    network: [],
    errors: [],
    activity: visibility.map(([at, label]) => ({ time: s(at), kind: 'visibility', label, detail: '' })),
    vitals: [],
    timings: [],
    performance: [],
    markers,
    metadata: {},
    userId: null,
    rootId: 1,
    viewport: { width: 800, height: 600 },
    unreadable: [],
  };
}
const spans = (tabs: TabRecording[]) =>
  tabSegments(tabs).map((x) => `${x.tabId} ${(x.from - T0) / 1000}–${(x.to - T0) / 1000}`);

describe('tabSegments: which tab is active when', () => {
  it('follows the learner from tab 1 to a new tab 2 and back when tab 2 is hidden', () => {
    const one = tab('one', 0, 60, [
      [20, 'hidden'],
      [40, 'visible'],
    ]);
    const two = tab('two', 10, 50, [[40, 'hidden']]);
    // Tab 2 opens in front at 10 s; tab 1 is hidden at 20 s (already behind); tab 2 hidden, tab 1 shown at 40 s.
    expect(spans([one, two])).toEqual(['one 0–10', 'two 10–40', 'one 40–60']);
  });

  it('treats a switch recorded in one millisecond as one switch, and keeps the last tab while all are hidden', () => {
    const one = tab('one', 0, 60, [
      [10, 'hidden'],
      [30, 'hidden'],
      [45, 'visible'],
    ]);
    const two = tab('two', 5, 60, [
      [10, 'visible'],
      [30, 'hidden'],
    ]);
    // 30–45 s: both hidden (another application in front): tab 2, the one left, stays.
    expect(spans([one, two])).toEqual(['one 0–5', 'two 5–45', 'one 45–60']);
  });

  it('goes back to a tab still shown when the active one is closed, never to one left hidden', () => {
    const one = tab('one', 0, 60);
    const two = tab('two', 10, 30, [[30, 'hidden']]);
    expect(spans([one, two])).toEqual(['one 0–10', 'two 10–30', 'one 30–60']);
    // The window closed: tab 1 (in front) ends a moment before tab 2 (hidden since 20 s) does.
    const front = tab('one', 0, 59.9, [[59.9, 'hidden']]);
    const behind = tab('two', 10, 60, [
      [20, 'hidden'],
      [60, 'hidden'],
    ]);
    expect(spans([front, behind])).toEqual(['one 0–10', 'two 10–20', 'one 20–60']);
  });

  it('spans the visit from its first to its last moment; a gap between tabs keeps the tab before it', () => {
    const one = tab('one', 0, 10);
    const two = tab('two', 20, 30);
    const visit = buildVisit([one, two]);
    expect([visit.start, visit.end]).toEqual([s(0), s(30)]);
    expect(spans([one, two])).toEqual(['one 0–20', 'two 20–30']);
  });

  it('never puts a tab opened behind another in front until the learner shows it', () => {
    const one = tab('one', 0, 60, [[30, 'hidden']]);
    // Ctrl+click: tab 2's page records itself hidden as it starts (at or just before its first event).
    const two = tab('two', 10, 60, [
      [10, 'hidden'],
      [30, 'visible'],
    ]);
    const three = tab('three', 20, 60, [[19.99, 'hidden']]);
    expect(spans([one, two, three])).toEqual(['one 0–30', 'two 30–60']);
  });

  it('leaves out a tab with nothing to replay', () => {
    const empty = { ...tab('empty', 0, 5), events: [] };
    expect(buildVisit([empty, tab('one', 2, 8)]).tabs.map((x) => x.tabId)).toEqual(['one']);
  });
});

describe('activeTabAt', () => {
  const visit = buildVisit([tab('one', 0, 60, [[40, 'visible']]), tab('two', 10, 40, [[40, 'hidden']])]);
  it('answers the tab of the segment holding the moment, its first tab before and its last after', () => {
    expect([-5, 0, 9.999, 10, 39.9, 40, 60, 99].map((x) => activeTabAt(visit, s(x)))).toEqual([
      'one',
      'one',
      'one',
      'two',
      'two',
      'one',
      'one',
      'one',
    ]);
  });
});

describe('visitMarkers', () => {
  it('puts every tab’s markers and the notes and signals of any tab on one timeline, each naming its tab', () => {
    const one = tab('one', 0, 60, [], [{ time: s(50), kind: 'click', label: 'Save' }]);
    const two = tab('two', 10, 40, [], [{ time: s(20), kind: 'error', label: 'TypeError: x' }]);
    const merged = visitMarkers(
      [one, two],
      [{ time: s(30), kind: 'note', label: 'Amy: look', tabId: 'two' }],
    );
    expect(merged.map((m) => `${(m.time - T0) / 1000} ${m.kind} ${m.tabId}`)).toEqual([
      '20 error two',
      '30 note two',
      '50 click one',
    ]);
  });
});
