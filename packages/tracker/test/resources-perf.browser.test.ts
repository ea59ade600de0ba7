import { MessageType } from '@atrium/protocol/tracker/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, waitFor } from './browser.ts';
import { chromiumSuite } from './chromium-suite.ts';
import type { FakeIngest } from './fake-ingest.ts';

interface Tracker {
  start(): Promise<{ success: boolean; sessionID?: string }>;
  forceFlushBatch(): void;
}
type Win = Window & { AtriumTracker: new (o: unknown) => Tracker; tracker: Tracker };

// The images only need to be fetched, not decoded: the browser times every file the page loads.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><script src="/tracker.js"></script></head>
<body><h1>Resources</h1><img id="early" src="/img/early.png" alt="">
<img src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==" alt=""></body></html>`;
const PAGES = { '/res.html': PAGE, '/img/early.png': '', '/img/late.png': '' };

const ofType = (msgs: unknown[][], t: number) => msgs.filter((m) => m[0] === t);

async function openAndStart(ingest: FakeIngest, page: Page, opts: Record<string, unknown> = {}) {
  await page.goto(`${ingest.origin}/res.html`);
  const r = await page.evaluate(async (o) => {
    const w = window as unknown as Win;
    w.tracker = new w.AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true, ...o });
    return w.tracker.start();
  }, opts);
  expect(r.success).toBe(true);
  return r.sessionID!;
}

const flush = (page: Page) => page.evaluate(() => (window as unknown as Win).tracker.forceFlushBatch());

describe.skipIf(!hasChromium)('resource timings and performance track (Chromium)', () => {
  const suite = chromiumSuite();

  it('records images the page loads as resource timings, not fetches or our own uploads', async () => {
    const ingest = await suite.serve({ pages: PAGES });
    const page = await suite.browser.newPage();
    const before = Date.now();
    const sessionID = await openAndStart(ingest, page);
    await page.evaluate(async () => {
      const img = document.createElement('img');
      img.src = '/img/late.png';
      document.body.append(img);
      await fetch('/api/echo?q=res');
    });
    const msgs = await waitFor(async () => {
      await flush(page); // the image may land after a flush: flush until it is uploaded
      const m = ingest.messages(sessionID);
      return ofType(m, MessageType.ResourceTiming).some((r) => String(r[7]).endsWith('/img/late.png')) && m;
    }, 'the late image timing');
    const timings = ofType(msgs, MessageType.ResourceTiming);
    const byUrl = (path: string) => timings.find((r) => r[7] === `${ingest.origin}${path}`);
    // Loaded before the tracker started (the observer's buffer) and after it.
    for (const path of ['/img/early.png', '/img/late.png']) {
      const r = byUrl(path);
      expect(r, path).toBeDefined();
      const [, startTime, duration, , , , , , initiator, , cached] = r!;
      expect(initiator).toBe('img');
      expect(startTime).toBeGreaterThanOrEqual(before - 1000);
      expect(startTime).toBeLessThanOrEqual(Date.now());
      expect(duration).toBeGreaterThanOrEqual(0);
      expect(typeof cached).toBe('boolean');
    }
    expect(byUrl('/tracker.js')?.[8]).toBe('script');
    // A data: URL is the file itself (Chromium times it like any image): it never leaves the browser.
    expect(timings.filter((r) => !String(r[7]).startsWith('http'))).toEqual([]);
    // The page's fetch is a NetworkRequest, once; the tracker's own start request is in the page's timeline
    // but in no message.
    expect(timings.some((r) => String(r[7]).includes('/api/echo'))).toBe(false);
    expect(
      ofType(msgs, MessageType.NetworkRequest).filter((m) => String(m[3]).includes('/api/echo')),
    ).toHaveLength(1);
    const seen = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(seen.some((u) => u.startsWith(`${ingest.origin}/ingest`))).toBe(true);
    expect(timings.some((r) => String(r[7]).startsWith(`${ingest.origin}/ingest`))).toBe(false);
    await page.close();
  });

  it('sends the performance track every 2 s only when asked to', async () => {
    const ingest = await suite.serve({ pages: PAGES });
    const [on, off] = [await suite.browser.newPage(), await suite.browser.newPage()];
    // Before either start: the second page's start may take a while on a loaded machine, and the on-page's
    // windows are already counting by then.
    const started = Date.now();
    const [onID, offID] = [
      await openAndStart(ingest, on, { capturePerformanceTrack: true }),
      await openAndStart(ingest, off),
    ];
    const tracks = await waitFor(async () => {
      await flush(on);
      return (
        ofType(ingest.messages(onID), MessageType.PerformanceTrack).length >= 2 &&
        ofType(ingest.messages(onID), MessageType.PerformanceTrack)
      );
    }, 'two performance track messages');
    // Two windows of 2 s each.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3500);
    for (const [, frames, ticks, total, used] of tracks) {
      expect(frames).toBeGreaterThan(0);
      // ~67 ticks of 30 ms in 2 s on an idle page; at least some ran.
      expect(ticks).toBeGreaterThan(10);
      expect(ticks).toBeLessThanOrEqual(70);
      expect(used).toBeLessThanOrEqual(total as number);
    }
    // The default page ran as long but has no track (its other messages did arrive).
    await flush(off);
    await waitFor(() => ingest.messages(offID).length > 0, 'the default page upload');
    expect(ofType(ingest.messages(offID), MessageType.PerformanceTrack)).toEqual([]);
    await Promise.all([on.close(), off.close()]);
  });
});
