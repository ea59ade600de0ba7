import { describe, expect, it } from 'vitest';
import { taipeiDay } from './today-sessions.ts';

describe("the console home's day", () => {
  it('places a day in Taipei: 16:00 UTC is already the next day', () => {
    expect(taipeiDay(new Date('2026-11-24T15:59:59Z')).date).toBe('2026-11-24');
    const next = taipeiDay(new Date('2026-11-24T16:00:00Z'));
    expect(next).toEqual({
      date: '2026-11-25',
      start: new Date('2026-11-24T16:00:00Z'),
      end: new Date('2026-11-25T16:00:00Z'),
    });
  });
});
