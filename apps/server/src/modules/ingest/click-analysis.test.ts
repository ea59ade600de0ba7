import { type Message, MessageType } from '@atrium/protocol/tracker/index';
import { describe, expect, it } from 'vitest';
import { readClickFacts } from './click-facts.ts';
import { exceptionFingerprint, messagePattern } from './exception-fingerprint.ts';
import { type ClickCarry, judgeClicks } from './judge-clicks.ts';

// The shapes of packages/tracker's messages (typed by the protocol's catalogue, so a changed field fails here).
const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);
const stamp = (ms: number): Message => [MessageType.Timestamp, T0 + ms];
const tab: Message = [MessageType.TabData, 'tab-a'];
const click = (node: number, label: string, selector: string): Message => [
  MessageType.MouseClick,
  node,
  label,
  selector,
  5000,
  2000,
];
/** rrweb's IncrementalSnapshot / Mutation, as @rrweb/record emits it. */
const mutation = (ms: number): Message => [
  MessageType.RrwebEvent,
  { type: 3, data: { source: 0, adds: [], removes: [], texts: [], attributes: [] }, timestamp: T0 + ms },
];
const exception = (message: string, fn = 'submit'): Message => [
  MessageType.JSException,
  'TypeError',
  message,
  JSON.stringify([
    {
      functionName: fn,
      fileName: 'https://portal.example/assets/app-1a2b.js?v=3',
      lineNumber: 12,
      columnNumber: 7,
    },
  ]),
  '{}',
];
const request = (startMs: number): Message => [
  MessageType.NetworkRequest,
  'fetch',
  'POST',
  'https://portal.example/v1/tasks/1/accept',
  '{}',
  '{}',
  200,
  T0 + startMs,
  120,
  20,
];
/** A commit as the tracker sends it: Timestamp, TabData, then what happened in that tick. */
const commit = (ms: number, ...messages: Message[]): Message[] => [stamp(ms), tab, ...messages];

const judge = (batches: Message[][]) => {
  let carry: ClickCarry | null = null;
  const all = [];
  for (const messages of batches) {
    const result = judgeClicks(carry, readClickFacts(messages));
    carry = result.carry;
    all.push(...result.signals);
  }
  return all;
};
const kinds = (signals: { kind: string }[]) => signals.map((s) => s.kind);

describe('rage clicks', () => {
  it('finds three clicks on one element within a second, once per burst', () => {
    const signals = judge([
      [
        ...commit(0, click(42, '接取任務', 'button.accept')),
        ...commit(300, click(42, '接取任務', 'button.accept')),
        ...commit(600, click(42, '接取任務', 'button.accept')),
        ...commit(800, click(42, '接取任務', 'button.accept')),
        ...commit(900, mutation(900)),
        ...commit(9000, mutation(9000)),
      ],
    ]);
    const rage = signals.filter((s) => s.kind === 'rage_click');
    expect(rage).toEqual([
      { kind: 'rage_click', at: T0, label: '接取任務', selector: 'button.accept', count: 4 },
    ]);
  });

  it('does not call clicks on different elements or spread over more than a second rage', () => {
    const signals = judge([
      [
        ...commit(0, click(1, 'A', 'a')),
        ...commit(200, click(2, 'B', 'b')),
        ...commit(400, click(1, 'A', 'a')),
        ...commit(1500, click(1, 'A', 'a')),
        ...commit(1500, mutation(1500)),
      ],
    ]);
    expect(kinds(signals)).not.toContain('rage_click');
  });

  it('counts a burst that goes on into the next batch on the event already reported', () => {
    const first = judgeClicks(
      null,
      readClickFacts([0, 200, 400].flatMap((ms) => commit(ms, click(4, '送出', 'form button')))),
    );
    expect(first.signals.map((s) => [s.kind, s.count])).toEqual([['rage_click', 3]]);
    const next = judgeClicks(
      first.carry,
      readClickFacts([600, 800].flatMap((ms) => commit(ms, click(4, '送出', 'form button')))),
    );
    expect(next.signals.filter((s) => s.kind === 'rage_click')).toEqual([]);
    expect(next.grown).toEqual([{ at: T0, selector: 'form button', by: 2 }]);
  });

  it('finds a burst that straddles two batches', () => {
    const signals = judge([
      [
        ...commit(0, mutation(0)),
        ...commit(8000, click(7, '送出', 'form button')),
        ...commit(8300, click(7, '送出', 'form button')),
      ],
      [...commit(8600, click(7, '送出', 'form button')), ...commit(8700, mutation(8700))],
    ]);
    expect(signals.filter((s) => s.kind === 'rage_click')).toEqual([
      { kind: 'rage_click', at: T0 + 8000, label: '送出', selector: 'form button', count: 3 },
    ]);
  });
});

describe('dead clicks', () => {
  it('calls a click with no DOM change, navigation or request in the next second dead', () => {
    const signals = judge([
      [
        ...commit(0, click(5, '下一頁', 'a.next')),
        ...commit(2500, mutation(2500)),
        ...commit(7000, mutation(7000)),
      ],
    ]);
    expect(signals).toEqual([{ kind: 'dead_click', at: T0, label: '下一頁', selector: 'a.next', count: 1 }]);
  });

  it('does not call a click dead when the page changed, navigated or sent a request within a second', () => {
    const signals = judge([
      [
        ...commit(0, click(5, '展開', 'button.more')),
        ...commit(400, mutation(400)),
        ...commit(10_000, click(6, '任務', 'a.tasks')),
        ...commit(10_200, [MessageType.SetPageLocation, 'https://portal.example/tasks', '', T0 + 10_200]),
        ...commit(20_000, click(8, '接取', 'button.accept')),
        // The request's message leaves when its answer ends; its start is what counts.
        ...commit(21_500, request(20_300)),
        ...commit(30_000, mutation(30_000)),
      ],
    ]);
    expect(kinds(signals)).not.toContain('dead_click');
  });

  it('judges a click at the end of a batch with the next batch', () => {
    const first = [...commit(0, mutation(0)), ...commit(5000, click(9, '儲存', 'button.save'))];
    // Next batch: the reaction came 300 ms after the click, in a batch of its own.
    expect(judge([first, [...commit(5300, mutation(5300)), ...commit(12_000, mutation(12_000))]])).toEqual(
      [],
    );
    // Nothing in the next second: dead, decided once the next batch shows enough of the tab.
    expect(judge([first, [...commit(9000, mutation(9000)), ...commit(12_000, mutation(12_000))]])).toEqual([
      { kind: 'dead_click', at: T0 + 5000, label: '儲存', selector: 'button.save', count: 1 },
    ]);
  });

  it('leaves a click undecided while a request it started may still be told', () => {
    const { signals, carry } = judgeClicks(
      null,
      readClickFacts([...commit(0, click(9, '儲存', 'button.save')), ...commit(2000, mutation(2000))]),
    );
    expect(signals).toEqual([]);
    expect(carry.open).toHaveLength(1);
    // The request started 200 ms after the click; its message came with the next batch.
    const next = judgeClicks(
      carry,
      readClickFacts([...commit(3000, request(200)), ...commit(9000, mutation(9000))]),
    );
    expect(next.signals).toEqual([]);
    expect(next.carry.open).toHaveLength(0);
  });
  it('takes back a dead click when a request it started within a second is told after a slow answer', () => {
    // The click at 0 started a request at 300 ms; nothing else moved, and its answer took 8 s.
    const first = judgeClicks(
      null,
      readClickFacts([...commit(0, click(9, '繳交作業', 'button.submit')), ...commit(7000, mutation(7000))]),
    );
    expect(kinds(first.signals)).toEqual(['dead_click']);
    const late = judgeClicks(
      first.carry,
      readClickFacts([...commit(8300, request(300)), ...commit(9000, mutation(9000))]),
    );
    expect(late.retracted).toEqual([{ at: T0, selector: 'button.submit' }]);
    expect(late.carry.dead).toEqual([]);
    // A request started 1.5 s after the click is not its reaction: the click stays dead.
    const unrelated = judgeClicks(
      first.carry,
      readClickFacts([...commit(8300, request(1500)), ...commit(9000, mutation(9000))]),
    );
    expect(unrelated.retracted).toEqual([]);
  });

  it('forgets a dead click once no request of its window can still be told', () => {
    const first = judgeClicks(
      null,
      readClickFacts([...commit(0, click(9, '繳交作業', 'button.submit')), ...commit(7000, mutation(7000))]),
    );
    const later = judgeClicks(first.carry, readClickFacts(commit(7 * 60_000, mutation(7 * 60_000))));
    expect(later.carry.dead).toEqual([]);
  });
});

describe('error clicks and shakes', () => {
  it('finds an exception within a second of a click, also across a batch boundary', () => {
    const signals = judge([
      [...commit(0, click(3, '完成任務', 'button.done')), ...commit(100, mutation(100))],
      [...commit(700, exception('Cannot read properties of undefined (reading "id")'))],
    ]);
    expect(signals).toEqual([
      { kind: 'error_click', at: T0, label: '完成任務', selector: 'button.done', count: 1 },
    ]);
  });

  it('does not tie an exception two seconds later to the click', () => {
    const signals = judge([
      [
        ...commit(0, click(3, '完成任務', 'button.done')),
        ...commit(100, mutation(100)),
        ...commit(2100, exception('x')),
      ],
    ]);
    expect(kinds(signals)).not.toContain('error_click');
  });

  it("reports the tracker's pointer-shake message as a moment", () => {
    expect(judge([[...commit(4000, [MessageType.MouseThrashing])]])).toEqual([
      { kind: 'pointer_shake', at: T0 + 4000, label: '', selector: '', count: 1 },
    ]);
  });
});

describe('exception fingerprints', () => {
  it('groups messages that differ only in numbers, ids and quoted values, and keeps top frames apart', () => {
    expect(messagePattern('Order 123 not found for 3f2b9c1e-8a7d-4e6f-9b0a-1c2d3e4f5a6b')).toBe(
      'Order <n> not found for <id>',
    );
    const facts = readClickFacts([
      ...commit(0, exception('Task 12 failed: "abc"')),
      ...commit(10, exception('Task 99 failed: "xyz"')),
      ...commit(20, exception('Task 12 failed: "abc"', 'render')),
    ]);
    const [a, b, c] = facts.exceptions;
    expect(a?.fingerprint).toBe(b?.fingerprint);
    expect(a?.fingerprint).not.toBe(c?.fingerprint);
    expect(a?.frame).toBe('submit (https://portal.example/assets/app-1a2b.js:12)');
    expect(exceptionFingerprint('RangeError', 'Task 12 failed: "abc"', a?.frame ?? '')).not.toBe(
      a?.fingerprint,
    );
  });
});
