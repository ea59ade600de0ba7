import { MessageType } from '@atrium/protocol/tracker/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, waitFor } from './browser.ts';
import { chromiumSuite } from './chromium-suite.ts';
import type { FakeIngest } from './fake-ingest.ts';

type AnyMsg = unknown[];
type T = { start(): Promise<{ success: boolean }> };
type Win = { AtriumTracker: new (o: unknown) => T; tracker: T };

/** How many stored console messages carry exactly this text (batches are counted once per batchId). */
const logCount = (msgs: AnyMsg[], text: string) =>
  msgs.filter((m) => m[0] === MessageType.ConsoleLog && m[2] === text).length;

const startTracker = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as Win;
    w.tracker = new w.AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true, connAttemptGap: 100 });
    return w.tracker.start();
  });

/** Logs a later marker on the page and waits for its upload: what the page sent before has arrived by then. */
async function sendLater(page: Page, ingest: FakeIngest) {
  await page.evaluate(() => {
    console.log('MARKER-later');
    (window as unknown as { tracker: { forceFlushBatch(): void } }).tracker.forceFlushBatch();
  });
  await waitFor(() => logCount(ingest.messages(), 'MARKER-later') === 1, 'the later marker', 13_000);
}

// A page of the same origin that loads the tracker but never starts it (so only what the leaving page
// sent by itself can arrive), and one that starts it (the portal's case: the next page resends).
const pages = {
  '/quiet.html': '<!doctype html><title>quiet</title><p>no tracker started here</p>',
  '/next.html': '<!doctype html><title>next</title><script src="/tracker.js"></script><p>next</p>',
};

describe.skipIf(!hasChromium)(
  'nothing recorded within the batch window is lost when the page goes away',
  () => {
    const suite = chromiumSuite();

    it('a reload 1.5 s into the batch window, then a hard navigation: every event arrives once', async () => {
      // Bodies are gzipped as by the real server: the worker needs time the leaving page does not have.
      const ingest = await suite.serve({ pages, compressionThreshold: 1000 });
      const page = await suite.browser.newPage();
      await page.goto(`${ingest.origin}/fixtures/basic.html`);
      expect((await startTracker(page)).success).toBe(true);
      // Kept: the scenario is a page left partway into its batch window; no event marks "partway".
      await page.waitForTimeout(1500);
      await page.evaluate(() => console.log('MARKER-before-reload'));
      await page.reload(); // well inside the 10 s batch window: nothing was uploaded for this page yet
      expect((await startTracker(page)).success).toBe(true);
      // Kept: as above, the second page is left partway into its window.
      await page.waitForTimeout(1500);
      await page.evaluate(() => console.log('MARKER-before-navigation'));
      await page.goto(`${ingest.origin}/quiet.html`); // hard navigation, same origin, no tracker started
      await waitFor(
        () =>
          logCount(ingest.messages(), 'MARKER-before-reload') === 1 &&
          logCount(ingest.messages(), 'MARKER-before-navigation') === 1,
        'both markers',
        13_000,
      );
      // A duplicate would be a late copy: the gone pages' own requests, or a next page resending what they
      // left in session storage. Instead of waiting a while for nothing, a next page records and its upload
      // is awaited: it resends anything left before its own batches (the outbox keeps order).
      await page.goto(`${ingest.origin}/next.html`);
      expect((await startTracker(page)).success).toBe(true);
      await sendLater(page, ingest);
      const msgs = ingest.messages();
      expect(logCount(msgs, 'MARKER-before-reload')).toBe(1);
      expect(logCount(msgs, 'MARKER-before-navigation')).toBe(1);
      expect(new Set(ingest.sessionsOf()).size).toBe(1);
      await page.close();
    });

    it('past the keepalive budget the tail waits in session storage and the next page sends it, once', async () => {
      const ingest = await suite.serve({ pages });
      const page = await suite.browser.newPage();
      await page.goto(`${ingest.origin}/fixtures/basic.html`);
      expect((await startTracker(page)).success).toBe(true);
      await page.evaluate(() => {
        // ~150 KB of page text in the same window: more than one document may send with keepalive.
        for (let i = 0; i < 3; i++) {
          const li = document.createElement('li');
          li.textContent = `${i}${'x'.repeat(50_000)}`;
          document.getElementById('list')!.append(li);
        }
        console.log('MARKER-big-tail');
      });
      await page.goto(`${ingest.origin}/next.html`);
      expect((await startTracker(page)).success).toBe(true);
      await waitFor(() => logCount(ingest.messages(), 'MARKER-big-tail') === 1, 'the big tail', 13_000);
      // A second copy would come from the gone page's keepalive request or this page's resend: this page's
      // later upload is awaited instead of a fixed while (both would have come before it).
      await sendLater(page, ingest);
      expect(logCount(ingest.messages(), 'MARKER-big-tail')).toBe(1);
      await page.close();
    });
  },
);
