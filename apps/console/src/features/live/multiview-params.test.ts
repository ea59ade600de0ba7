import { describe, expect, it } from 'vitest';
import en from './en.json';
import { MULTIVIEW_MAX, multiviewPath, multiviewSessions } from './multiview-params.ts';
import zhTW from './zh-TW.json';

const id = (n: number) => `0000000${n}-aaaa-4bbb-8ccc-dddddddddddd`;

describe('the multiview address', () => {
  it('round-trips up to four sessions and never more', () => {
    const keys = [1, 2, 3, 4, 5].map((n) => `atrium-portal/${id(n)}`);
    const path = multiviewPath(keys);
    expect(path.startsWith('/live/multiview?')).toBe(true);
    const sessions = multiviewSessions(new URLSearchParams(path.split('?')[1]));
    expect(sessions).toHaveLength(MULTIVIEW_MAX);
    expect(sessions[0]).toEqual({ projectKey: 'atrium-portal', sessionId: id(1) });
  });

  it('leaves out malformed entries and repeats from a hand-made address', () => {
    const search = new URLSearchParams();
    for (const s of ['nothing', `a/${id(1)}`, `a/${id(1)}`, 'a/not-a-uuid', `/${id(2)}`, `b/${id(3)}`])
      search.append('s', s);
    expect(multiviewSessions(search).map((s) => s.sessionId)).toEqual([id(1), id(3)]);
  });

  it('has every live text in both languages', () => {
    expect(Object.keys(en.live).sort()).toEqual(Object.keys(zhTW.live).sort());
  });
});
