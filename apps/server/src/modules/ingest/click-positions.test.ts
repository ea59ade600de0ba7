import { MessageType } from '@atrium/protocol/tracker/index';
import { describe, expect, it } from 'vitest';
import { MAX_CLICK_POSITIONS, pathOf, readClickPositions } from './click-positions.ts';

const T0 = Date.parse('2026-11-24T10:00:00Z');

describe('click positions read in the parse worker (ADR 0064)', () => {
  it('puts each click on the page it happened on, keeping only the path of the address', () => {
    const clicks = readClickPositions([
      [MessageType.Timestamp, T0],
      [MessageType.MouseClick, 3, 'early', 'a', 10, 20],
      [MessageType.SetPageLocation, 'https://portal.example/tasks/my?token=abc#top', '', T0],
      [MessageType.MouseClick, 4, '接取任務', 'button.accept', 5000, 2500],
      [MessageType.Timestamp, T0 + 50],
      [MessageType.SetPageLocation, '/training/c-1', '', T0 + 50],
      [MessageType.MouseClick, 5, 'x', 'b', 12_000, -3],
    ]);
    expect(clicks).toEqual([
      { at: T0, path: null, x: 10, y: 20, label: 'early', selector: 'a' },
      { at: T0, path: '/tasks/my', x: 5000, y: 2500, label: '接取任務', selector: 'button.accept' },
      // Out of range is clamped to the page's edge.
      { at: T0 + 50, path: '/training/c-1', x: 10_000, y: 0, label: 'x', selector: 'b' },
    ]);
  });

  it('skips clicks without a time or a position, and keeps at most MAX_CLICK_POSITIONS a batch', () => {
    expect(readClickPositions([[MessageType.MouseClick, 1, 'a', 'b', 1, 1]])).toEqual([]);
    expect(
      readClickPositions([
        [MessageType.Timestamp, T0],
        [MessageType.MouseClick, 1, 'a', 'b', 'x', 1],
      ]),
    ).toEqual([]);
    const many = [
      [MessageType.Timestamp, T0],
      ...Array.from({ length: 5000 }, () => [MessageType.MouseClick, 1, 'a', 'b', 1, 1]),
    ];
    expect(readClickPositions(many)).toHaveLength(MAX_CLICK_POSITIONS);
  });

  it('reads the path of an address, and nothing of what is not one', () => {
    expect(pathOf('https://h.example/a/b?c=d')).toBe('/a/b');
    expect(pathOf('/x#y')).toBe('/x');
    expect(pathOf('http://[broken')).toBe('');
  });
});
