import { MessageType } from '@atrium/protocol/tracker/messages';
import { describe, expect, it } from 'vitest';
import { decodeBatchLine } from './decode-batch.ts';
import { RecordingBuilder } from './recording.ts';

const T0 = Date.UTC(2026, 10, 23, 1, 0, 0);
const line = (tabId: string, seq: number, messages: unknown[][]) =>
  JSON.stringify({ tabId, pageNo: 1, seq, messages });

describe('RecordingBuilder', () => {
  const build = (...lines: string[]) => {
    const builder = new RecordingBuilder();
    for (const l of lines) {
      const batch = decodeBatchLine(l);
      if (batch) builder.add(batch);
    }
    return builder.finish();
  };

  it('turns pointer positions into cursor moves of the snapshot root and places panel items in time', () => {
    const [tab] = build(
      line('a', 0, [
        [MessageType.Timestamp, T0],
        [MessageType.TabData, 'a'],
        [
          MessageType.RrwebEvent,
          { type: 4, data: { href: 'https://x/', width: 800, height: 600 }, timestamp: T0 },
        ],
        [
          MessageType.RrwebEvent,
          { type: 2, data: { node: { id: 7, type: 0, childNodes: [] } }, timestamp: T0 + 1 },
        ],
        [MessageType.SetPageLocation, 'https://x/', '', T0],
        [MessageType.Timestamp, T0 + 1000],
        [MessageType.MouseMove, 120, 340],
        [MessageType.ConsoleLog, 'error', 'boom'],
        [
          MessageType.JSException,
          'TypeError',
          'x is undefined',
          '[{"functionName":"f","fileName":"a.js","lineNumber":3,"columnNumber":9}]',
          'null',
        ],
        [MessageType.Timestamp, T0 + 5000],
        [
          MessageType.NetworkRequest,
          'fetch',
          'GET',
          '/v1/x',
          '{"headers":{"a":"1"},"body":null}',
          '{}',
          404,
          T0 + 4000,
          30,
          0,
        ],
        [MessageType.RecorderDegraded, 'mutation-storm', '12000 mutations'],
      ]),
    );
    expect(tab!.events.find((e) => e.type === 3)).toEqual({
      type: 3,
      data: { source: 1, positions: [{ x: 120, y: 340, id: 7, timeOffset: 0 }] },
      timestamp: T0 + 1000,
    });
    expect(tab!.console).toEqual([{ time: T0 + 1000, level: 'error', text: 'boom' }]);
    expect(tab!.errors[0]!.frames[0]).toEqual({
      functionName: 'f',
      fileName: 'a.js',
      lineNumber: 3,
      columnNumber: 9,
    });
    expect(tab!.network[0]).toMatchObject({
      time: T0 + 4000,
      status: 404,
      failed: true,
      request: { headers: { a: '1' } },
    });
    expect(tab!.markers.map((m) => [m.kind, m.time - T0])).toEqual([
      ['page', 0],
      ['error', 1000],
      ['request', 4000],
      ['gap', 5000],
    ]);
    // The replay runs to the last thing recorded (the gap at 5 s), not only to the last DOM event.
    expect(tab!.events.at(-1)).toMatchObject({ type: 5, timestamp: T0 + 5000 });
  });

  /** The cursor positions the replayer is given, in time order: [ms after T0, x, y, node id]. */
  const cursor = (tab: { events: { type: number; data: unknown; timestamp: number }[] }) =>
    tab.events
      .filter((e) => e.type === 3 && (e.data as { source: number }).source === 1)
      .flatMap((e) =>
        (e.data as { positions: { x: number; y: number; id: number }[] }).positions.map((p) => [
          e.timestamp - T0,
          p.x,
          p.y,
          p.id,
        ]),
      );
  const snapshot = (id: number, at: number, top = 0) => [
    MessageType.RrwebEvent,
    {
      type: 2,
      data: { node: { id, type: 0, childNodes: [] }, initialOffset: { left: 0, top } },
      timestamp: at,
    },
  ];

  it('draws the pointer where it was in the window: page coordinates less the scroll of that moment', () => {
    const [tab] = build(
      line('a', 0, [
        [MessageType.Timestamp, T0],
        [
          MessageType.RrwebEvent,
          { type: 4, data: { href: 'https://x/', width: 800, height: 600 }, timestamp: T0 },
        ],
        snapshot(7, T0),
        [MessageType.SetViewportScroll, 0, 0],
        [MessageType.Timestamp, T0 + 1000],
        [MessageType.MouseMove, 300, 250],
        [MessageType.Timestamp, T0 + 2000],
        // Scrolled 172 px down, the pointer over a button 228 px below the window's top.
        [MessageType.SetViewportScroll, 0, 172],
        [MessageType.MouseMove, 300, 400],
        [MessageType.Timestamp, T0 + 3000],
        [MessageType.SetViewportScroll, 0, 40],
        [MessageType.MouseMove, 310, 100],
      ]),
    );
    expect(cursor(tab!)).toEqual([
      [1000, 300, 250, 7],
      [2000, 300, 228, 7],
      [3000, 310, 60, 7],
    ]);
  });

  it('keeps the pointer where it was across a new page and after a click on a node the page then removes', () => {
    const [tab] = build(
      line('a', 0, [
        [MessageType.Timestamp, T0],
        snapshot(7, T0, 100),
        [MessageType.Timestamp, T0 + 1000],
        [MessageType.MouseMove, 200, 150],
        [MessageType.Timestamp, T0 + 2000],
        // rrweb's own click (viewport coordinates) on node 42, which the navigation then removes.
        [
          MessageType.RrwebEvent,
          { type: 3, data: { source: 2, type: 2, id: 42, x: 220, y: 90 }, timestamp: T0 + 2000 },
        ],
      ]),
      // The next page: a new document, and no pointer move until the learner moves the mouse again.
      line('a', 1, [[MessageType.Timestamp, T0 + 3000], snapshot(900, T0 + 3000)]),
    );
    expect(cursor(tab!)).toEqual([
      [1000, 200, 50, 7],
      [2000, 220, 90, 7],
      [3000, 220, 90, 900],
    ]);
    // Each comes after what it follows at the same moment, so a seek applies it last.
    const at3000 = tab!.events.filter((e) => e.timestamp === T0 + 3000).map((e) => e.type);
    expect(at3000).toEqual([2, 3]);
  });

  it('keeps tabs apart and orders interleaved batches by time; skips lines it cannot read', () => {
    const tabs = build(
      line('b', 0, [
        [MessageType.Timestamp, T0 + 50],
        [MessageType.ConsoleLog, 'log', 'b1'],
      ]),
      'not json',
      line('a', 1, [
        [MessageType.Timestamp, T0 + 200],
        [MessageType.ConsoleLog, 'log', 'a2'],
      ]),
      line('a', 0, [
        [MessageType.Timestamp, T0 + 100],
        [MessageType.ConsoleLog, 'log', 'a1'],
      ]),
    );
    expect(tabs.map((t) => t.tabId)).toEqual(['b', 'a']);
    expect(tabs[1]!.console.map((c) => c.text)).toEqual(['a1', 'a2']);
  });

  it('puts the tab that began first first, whatever order its batches arrived in', () => {
    const tabs = build(
      line('late', 0, [
        [MessageType.Timestamp, T0 + 9000],
        [MessageType.ConsoleLog, 'log', 'opened later'],
      ]),
      line('early', 3, [
        [MessageType.Timestamp, T0],
        [MessageType.ConsoleLog, 'log', 'there from the start'],
      ]),
    );
    expect(tabs.map((t) => t.tabId)).toEqual(['early', 'late']);
  });

  it('shows loaded files as network rows of their kind, never failed, sized, at their own start time', () => {
    const [tab] = build(
      line('a', 0, [
        [MessageType.Timestamp, T0 + 3000],
        [
          MessageType.ResourceTiming,
          T0 + 1200,
          85,
          20,
          300,
          4000,
          9000,
          'https://x/logo.png',
          'img',
          4300,
          false,
        ],
        // Cross-origin without Timing-Allow-Origin: sizes hidden; a cached script.
        [MessageType.ResourceTiming, T0 + 1100, 40, 0, 0, 0, 0, 'https://cdn.y/a.css', 'link', 0, false],
        [MessageType.ResourceTiming, T0 + 1000, 2, 1, 0, 500, 1200, 'https://x/app.js', 'script', 0, true],
      ]),
    );
    expect(tab!.network.map((n) => [n.kind, n.method, n.time - T0, n.failed])).toEqual([
      ['script', 'GET', 1000, false],
      ['link', 'GET', 1100, false],
      ['img', 'GET', 1200, false],
    ]);
    expect(tab!.network[2]).toMatchObject({
      url: 'https://x/logo.png',
      duration: 85,
      size: 9000,
      resource: { ttfb: 20, transferSize: 4300, encodedBodySize: 4000, cached: false },
    });
    expect(tab!.network[1]!.size).toBe(0);
    expect(tab!.network[0]!.resource!.cached).toBe(true);
    // Not failed, so no failed-request markers.
    expect(tab!.markers).toEqual([]);
  });

  it('reads the performance track as fps, CPU % and heap per 2 s window', () => {
    const [tab] = build(
      line('a', 0, [
        [MessageType.Timestamp, T0 + 2000],
        [MessageType.PerformanceTrack, 120, 67, 8_000_000, 5_000_000],
        [MessageType.Timestamp, T0 + 4000],
        // A busy main thread: half the ticks ran, 10 frames; no heap outside Chromium.
        [MessageType.PerformanceTrack, 20, 33, 0, 0],
      ]),
    );
    expect(tab!.performance).toEqual([
      { time: T0 + 2000, fps: 60, cpu: 100, heapTotal: 8_000_000, heapUsed: 5_000_000 },
      { time: T0 + 4000, fps: 10, cpu: 50, heapTotal: 0, heapUsed: 0 },
    ]);
  });
});
