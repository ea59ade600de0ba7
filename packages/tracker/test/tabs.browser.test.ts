import { MessageType } from '@atrium/protocol/tracker/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, waitFor } from './browser.ts';
import { chromiumSuite } from './chromium-suite.ts';
import type { FakeIngest } from './fake-ingest.ts';

// Loss cases of several tabs (issue 10): a copied tab must not reuse its original's tab id and page counter
// (the server would take their batches for each other's), and a new tab joins the running session.

type Win = Window & { AtriumTracker: new (o: unknown) => unknown; tracker: TrackerLike };
interface TrackerLike {
  start(): Promise<{ success: boolean; sessionID?: string }>;
  getTabId(): string;
  forceFlushBatch(): void;
}

const init = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as Win;
    w.tracker = new w.AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true }) as TrackerLike;
    return w.tracker.start();
  });
const tabIdOf = (page: Page) => page.evaluate(() => (window as unknown as Win).tracker.getTabId());
const mark = async (page: Page, text: string) => {
  await page.evaluate((t) => {
    const li = document.createElement('li');
    li.textContent = t;
    document.getElementById('list')!.append(li);
  }, text);
  // A separate call: the change has reached the recorder (its observer ran) before the flush.
  await page.evaluate(() => (window as unknown as Win).tracker.forceFlushBatch());
};

/** tab id → its rrweb events, over every distinct stored batch of the session. */
function byTab(ingest: FakeIngest, sessionID: string): Map<string, { type: number; data: unknown }[]> {
  const out = new Map<string, { type: number; data: unknown }[]>();
  for (const b of ingest.sorted(sessionID)) {
    const list = out.get(b.tabId) ?? [];
    for (const m of b.messages) if (m[0] === MessageType.RrwebEvent) list.push(m[1] as never);
    out.set(b.tabId, list);
  }
  return out;
}

describe.skipIf(!hasChromium)('tabs (Chromium, built IIFE, fake ingest)', () => {
  const suite = chromiumSuite();
  let ingest: FakeIngest;

  it('a tab opened with window.open (copied sessionStorage) gets its own tab id, joins the session, and both record whole', async () => {
    ingest = await suite.serve();
    const context = await suite.browser.newContext();
    const first = await context.newPage();
    await first.goto(`${ingest.origin}/fixtures/basic.html`);
    const a = await init(first);
    expect(a.success).toBe(true);
    const tabA = await tabIdOf(first);

    const [copy] = await Promise.all([
      context.waitForEvent('page'),
      first.evaluate(() => {
        window.open(location.href);
      }),
    ]);
    await copy.waitForLoadState('load');
    // The copy starts with the original's sessionStorage: same tab id key, same page counter, same token.
    expect(await copy.evaluate(() => sessionStorage.getItem('__openreplay_tabid'))).toBe(tabA);
    const b = await init(copy);
    expect(b).toMatchObject({ success: true, sessionID: a.sessionID });
    const tabB = await tabIdOf(copy);
    expect(tabB).not.toBe(tabA);

    await mark(first, 'written in the first tab');
    await mark(copy, 'written in the copy');
    const tabs = await waitFor(() => {
      const t = byTab(ingest, a.sessionID!);
      const has = (id: string, text: string) =>
        (t.get(id) ?? []).some((e) => e.type === 3 && JSON.stringify(e.data).includes(text));
      return has(tabA, 'written in the first tab') && has(tabB, 'written in the copy') && t;
    }, 'both tabs recorded');
    // Each tab has its own full snapshot: the copy's did not collide with the original's batch ids.
    expect(tabs.get(tabA)!.some((e) => e.type === 2)).toBe(true);
    expect(tabs.get(tabB)!.some((e) => e.type === 2)).toBe(true);
    expect(ingest.duplicateBatches).toBe(0);
    await context.close();
  });

  it('a new tab of the site (fresh sessionStorage) joins the running session under its own tab id', async () => {
    ingest = await suite.serve();
    const context = await suite.browser.newContext();
    const first = await context.newPage();
    await first.goto(`${ingest.origin}/fixtures/basic.html`);
    const a = await init(first);
    const second = await context.newPage();
    await second.goto(`${ingest.origin}/fixtures/basic.html`);
    const b = await init(second);
    expect(b).toMatchObject({ success: true, sessionID: a.sessionID });
    expect(await tabIdOf(second)).not.toBe(await tabIdOf(first));
    await context.close();
  });
});
