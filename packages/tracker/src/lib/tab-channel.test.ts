import { afterEach, describe, expect, it } from 'vitest';
import { TabChannel } from './tab-channel.ts';

const win = globalThis as unknown as Window & typeof globalThis;
const timer = (fn: () => void, ms: number) => setTimeout(fn, ms) as unknown as number;
const open: TabChannel[] = [];
const channel = (self: () => { tabId: string; token: string | null }) => {
  const c = new TabChannel(win, self);
  open.push(c);
  return c;
};
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

describe('TabChannel.ask', () => {
  it('a copy of a running tab learns it is one, and the session’s token', async () => {
    channel(() => ({ tabId: 'tab-1', token: 'tok' }));
    const copy = channel(() => ({ tabId: 'tab-1', token: null }));
    expect(await copy.ask('tab-1', 500, timer)).toEqual({ duplicate: true, token: 'tok' });
  });

  it('asked again by the same page with its token kept (a restart for an agent), answers at once', async () => {
    const tab = channel(() => ({ tabId: 'tab-2', token: null }));
    const first = performance.now();
    expect(await tab.ask('tab-2', 60, timer)).toEqual({ duplicate: false, token: null });
    expect(performance.now() - first).toBeGreaterThanOrEqual(55);
    const again = performance.now();
    expect(await tab.ask('tab-2', 60, timer, 'kept-token')).toEqual({ duplicate: false, token: null });
    expect(performance.now() - again).toBeLessThan(30);
  });

  it('without a kept token, a later start still asks the other tabs (it may join their session)', async () => {
    channel(() => ({ tabId: 'other', token: 'theirs' }));
    const tab = channel(() => ({ tabId: 'tab-3', token: null }));
    await tab.ask('tab-3', 60, timer);
    expect(await tab.ask('tab-3', 60, timer, null)).toEqual({ duplicate: false, token: 'theirs' });
  });
});
