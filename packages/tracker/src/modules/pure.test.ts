import { describe, expect, it } from 'vitest';
import { ConditionsMatcher, filterAccepts } from './conditions.ts';
import { printValue } from './console.ts';
import { exceptionMessage, parseStack } from './errors.ts';
import { clsOf, inpOf, rateVital } from './vitals.ts';

describe('web vitals rating (spec §9 thresholds)', () => {
  it.each([
    ['FCP', 1800, 'good'],
    ['FCP', 1801, 'needs-improvement'],
    ['FCP', 3001, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.26, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 500, 'needs-improvement'],
    ['INP', 501, 'poor'],
    ['LCP', 2500, 'good'],
    ['LCP', 4001, 'poor'],
    ['TTFB', 800, 'good'],
    ['TTFB', 1800, 'needs-improvement'],
    ['TTFB', 1801, 'poor'],
  ])('%s %d is %s', (name, value, rating) => {
    expect(rateVital(name, value)).toBe(rating);
  });
});

describe('CLS and INP as web-vitals computes them', () => {
  it('CLS is the largest session window: shifts under 1 s apart, at most 5 s long', () => {
    const shift = (startTime: number, value: number) => ({ startTime, value });
    // 0.1 + 0.1 in one window; a 2 s gap starts another (0.15); the 5 s cap splits the long chain.
    expect(clsOf([shift(0, 0.1), shift(500, 0.1), shift(2500, 0.15)])).toBeCloseTo(0.2);
    const chain = Array.from({ length: 12 }, (_, i) => shift(i * 900, 0.05));
    expect(clsOf(chain)).toBeCloseTo(0.3); // 6 shifts fit in 5 s (0, 900 … 4500)
    expect(clsOf([])).toBe(0);
  });

  it('INP is the longest interaction, skipping one per 50 (p98), none without interactions', () => {
    expect(inpOf([])).toBeNull();
    expect(inpOf([40, 300, 120])).toBe(300);
    const many = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(inpOf(many)).toBe(98); // 100 interactions: the two longest are skipped
  });
});

describe('console values', () => {
  it('prints the first 10 items or keys', () => {
    expect(printValue(Array.from({ length: 12 }, (_, i) => i))).toBe('[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, …]');
    const obj = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i]));
    expect(printValue(obj)).toBe('{k0: 0, k1: 1, k2: 2, k3: 3, k4: 4, k5: 5, k6: 6, k7: 7, k8: 8, k9: 9, …}');
    expect(printValue({ s: 'x', n: null })).toBe('{s: "x", n: null}');
  });
});

describe('errors', () => {
  it('parses Chrome and Firefox stacks', () => {
    expect(
      parseStack('TypeError: x\n    at go (https://a.tw/app.js:10:5)\n    at https://a.tw/b.js:1:2'),
    ).toEqual([
      { functionName: 'go', fileName: 'https://a.tw/app.js', lineNumber: 10, columnNumber: 5 },
      { functionName: '?', fileName: 'https://a.tw/b.js', lineNumber: 1, columnNumber: 2 },
    ]);
    expect(parseStack('go@https://a.tw/app.js:3:4')).toEqual([
      { functionName: 'go', fileName: 'https://a.tw/app.js', lineNumber: 3, columnNumber: 4 },
    ]);
  });
  it('captures name, message, stack and payload; non-errors keep a name', () => {
    const m = exceptionMessage(new RangeError('too far'), { id: 1 });
    expect(m.slice(0, 3)).toEqual([25, 'RangeError', 'too far']);
    expect(m[4]).toBe('{"id":1}');
    expect(exceptionMessage('plain', null, 'Unhandled Promise Rejection').slice(1, 3)).toEqual([
      'Unhandled Promise Rejection',
      'plain',
    ]);
  });
});

describe('conditions', () => {
  it('matches operators', () => {
    const f = (operator: string, value: string[]) => ({ type: 'custom_event', operator, value });
    const e = { type: 'custom_event' as const, name: 'Checkout-Done' };
    expect(filterAccepts(f('is', ['checkout-done']), e)).toBe(true);
    expect(filterAccepts(f('isNot', ['x']), e)).toBe(true);
    expect(filterAccepts(f('contains', ['out']), e)).toBe(true);
    expect(filterAccepts(f('startsWith', ['check']), e)).toBe(true);
    expect(filterAccepts(f('endsWith', ['done']), e)).toBe(true);
    expect(filterAccepts(f('notContains', ['out']), e)).toBe(false);
    expect(
      filterAccepts(
        { type: 'session_duration', operator: '>=', value: ['1000'] },
        { type: 'duration', ms: 1500 },
      ),
    ).toBe(true);
    expect(
      filterAccepts(
        { type: 'network_request', operator: '>=', value: ['500'] },
        { type: 'network', url: '/x', status: 502, method: 'GET' },
      ),
    ).toBe(true);
  });
  it('fires once, when every filter of a condition has matched, within the capture rate', () => {
    const fired: string[] = [];
    const m = new ConditionsMatcher(
      [
        {
          name: 'never',
          capture_rate: 0,
          filters: [{ type: 'click', operator: 'contains', value: ['buy'] }],
        },
        {
          name: 'both',
          capture_rate: 100,
          filters: [
            { type: 'click', operator: 'contains', value: ['buy'] },
            { type: 'custom_event', operator: 'is', value: ['paid'] },
          ],
        },
      ],
      (n) => fired.push(n),
      () => 0.5,
    );
    m.onClick('Buy now', '#b');
    expect(fired).toEqual([]);
    m.onCustomEvent('paid');
    m.onCustomEvent('paid');
    expect(fired).toEqual(['both']);
  });
});
