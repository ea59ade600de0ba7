import { describe, expect, it } from 'vitest';
import { parseTimeLimit } from './impersonation.ts';

describe('parseTimeLimit', () => {
  const now = 1_800_000_000_000;

  it('reads small values as seconds from now', () => {
    expect(parseTimeLimit('300', now)).toBe(now + 300_000);
  });

  it('reads Unix times in seconds or milliseconds as the deadline itself', () => {
    expect(parseTimeLimit('1800000600', now)).toBe(1_800_000_600_000);
    expect(parseTimeLimit('1800000600000', now)).toBe(1_800_000_600_000);
  });

  it('refuses what is not a positive number', () => {
    for (const bad of ['', 'abc', '0', '-5', 'Infinity']) expect(parseTimeLimit(bad, now)).toBeNull();
  });
});
