import { MessageType } from '@atrium/protocol/tracker/messages';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { flushUntil, hasChromium, waitFor } from './browser.ts';
import { chromiumSuite } from './chromium-suite.ts';
import type { FakeIngest } from './fake-ingest.ts';

type T = { start(): Promise<{ success: boolean }>; forceFlushBatch(): void };
type Win = { AtriumTracker: new (o: unknown) => T; tracker: T };

async function openStarted(browser: Browser, ingest: FakeIngest, opts: Record<string, unknown> = {}) {
  const page = await browser.newPage();
  await page.goto(`${ingest.origin}/fixtures/basic.html`);
  const started = await page.evaluate((o) => {
    const w = window as unknown as Win;
    w.tracker = new w.AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true, ...o });
    return w.tracker.start();
  }, opts);
  expect(started.success).toBe(true);
  return page;
}
const flush = (page: Page) => page.evaluate(() => (window as unknown as Win).tracker.forceFlushBatch());
const inputValues = (ingest: FakeIngest) =>
  ingest
    .messages()
    .filter((m) => m[0] === MessageType.InputChange)
    .map((m) => m[2]);

describe.skipIf(!hasChromium)('what recording costs the page and the learner', () => {
  const suite = chromiumSuite();

  it('records a typed value when the user pauses or leaves the field, never keystroke by keystroke', async () => {
    const ingest = await suite.serve();
    const page = await openStarted(suite.browser, ingest);
    await page.click('#name');
    await page.keyboard.type('Alice', { delay: 60 }); // faster than the idle pause
    // The pause: flushing does not record a field still being typed in, only the tracker's idle check does.
    await flushUntil(page, () => inputValues(ingest).includes('Alice'), '"Alice" after the pause');
    await page.keyboard.type(' Liddell', { delay: 60 });
    await page.click('#email'); // blur: recorded at once
    await page.keyboard.type('mail@example.com', { delay: 40 });
    await page.evaluate(() => {
      // Page hidden before the pause ends: the value still joins the last commit.
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await flush(page);
    // The full e-mail is recorded last: any partial value would have been recorded (and sent) before it.
    await waitFor(
      () => inputValues(ingest).at(-1) === '*'.repeat('mail@example.com'.length),
      'the e-mail value',
    );
    // Plain mode: names as typed, the e-mail obscured (spec §5); no partial "m", "ma", … of the e-mail.
    expect(inputValues(ingest)).toEqual(['Alice', 'Alice Liddell', '*'.repeat('mail@example.com'.length)]);
    await page.close();
  });

  it('asks for the click tags once per start', async () => {
    const ingest = await suite.serve();
    const page = await openStarted(suite.browser, ingest);
    await waitFor(() => ingest.tagRequests > 0, 'the tags request');
    // Two later commits uploaded: the start and the recording's beginning (both may ask) are long past.
    await flushUntil(page, () => ingest.batches.length > 0, 'a first batch');
    const uploaded = ingest.batches.length;
    await page.evaluate(() => document.body.append('a later change'));
    await flushUntil(page, () => ingest.batches.length > uploaded, 'a later batch');
    expect(ingest.tagRequests).toBe(1);
    await page.close();
  });

  it('runs one worker, and rrweb’s canvas worker only when the server enables canvas and the page allows it', async () => {
    for (const [canvasEnabled, opts, workers] of [
      [false, {}, 1],
      [true, { canvas: { disableCanvas: true } }, 1],
      [true, {}, 2],
    ] as const) {
      const ingest = await suite.serve({ canvasEnabled });
      const page = await openStarted(suite.browser, ingest, opts);
      // Recording has begun once a batch arrives (rrweb makes its canvas worker as it begins).
      await flushUntil(page, () => ingest.batches.length > 0, 'a first batch');
      await waitFor(() => page.workers().length >= workers, `${workers} workers`);
      expect(page.workers(), `canvasEnabled ${canvasEnabled}, ${JSON.stringify(opts)}`).toHaveLength(workers);
      await page.close();
      await ingest.stop();
    }
  });
});
