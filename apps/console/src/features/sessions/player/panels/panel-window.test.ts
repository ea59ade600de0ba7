import { describe, expect, it } from 'vitest';
import { indexAt, rowsInView } from './panel-window.ts';

describe('indexAt', () => {
  const items = [100, 200, 200, 300, 900].map((time) => ({ time }));
  it('is the last entry at or before the playhead, -1 before the first', () => {
    expect(indexAt(items, 50)).toBe(-1);
    expect(indexAt(items, 100)).toBe(0);
    expect(indexAt(items, 250)).toBe(2);
    expect(indexAt(items, 899)).toBe(3);
    expect(indexAt(items, 10_000)).toBe(4);
    expect(indexAt([], 10_000)).toBe(-1);
  });
  it('answers within a few steps in a long session', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({ time: i * 10 }));
    expect(indexAt(many, 555_555)).toBe(55_555);
  });
});

describe('rowsInView', () => {
  it('renders only the rows in the box (and a few around), the rest as space', () => {
    // 5000 rows of 28 px in a 336 px box scrolled to row 1000.
    expect(rowsInView(5000, 28, 336, 28_000)).toEqual({
      from: 990,
      to: 1022,
      before: 990 * 28,
      after: (5000 - 1022) * 28,
    });
    expect(rowsInView(3, 28, 336, 0)).toEqual({ from: 0, to: 3, before: 0, after: 0 });
  });
});
