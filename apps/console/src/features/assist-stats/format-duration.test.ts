import { describe, expect, it } from 'vitest';
import en from './en.json';
import { formatDuration } from './format-duration.ts';
import zhTW from './zh-TW.json';

describe('assist statistics texts', () => {
  it('writes durations as m:ss, from an hour on as h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(90_000)).toBe('1:30');
    expect(formatDuration(3_600_000 + 61_000)).toBe('1:01:01');
  });

  it('has every text in both languages', () => {
    const keys = (o: object, at = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${at}${k}.`) : [`${at}${k}`]));
    expect(keys(en).sort()).toEqual(keys(zhTW).sort());
  });
});
