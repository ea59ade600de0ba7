import { MessageType } from '@atrium/protocol/tracker/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, waitFor } from './browser.ts';
import { chromiumSuite } from './chromium-suite.ts';
import type { FakeIngest } from './fake-ingest.ts';

type Win = Window & { AtriumTracker: new (o: unknown) => unknown; tracker: OfflineTracker };
interface OfflineTracker {
  startOfflineRecording(): { success: boolean };
  hasSavedBuffer(): boolean;
  uploadOfflineRecording(): Promise<{ success: boolean; sessionID?: string; reason?: string }>;
}

const recordOffline = async (page: Page, text: string) => {
  await page.evaluate((t) => {
    const w = window as unknown as Win;
    w.tracker = new w.AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true }) as OfflineTracker;
    w.tracker.startOfflineRecording();
    const li = document.createElement('li');
    li.textContent = t;
    document.getElementById('list')!.append(li);
  }, text); // no wait: leaving the page and uploading both commit what the tracker holds
};

describe.skipIf(!hasChromium)('offline recording across pages (Chromium, built IIFE)', () => {
  const suite = chromiumSuite();
  let ingest: FakeIngest;

  it('two offline pages are both kept, then uploaded together in time order', async () => {
    ingest = await suite.serve();
    const page = await suite.browser.newPage();
    await page.goto(`${ingest.origin}/fixtures/basic.html?page=1`);
    await recordOffline(page, 'seen on the first page');
    // Leaving the page saves its recording by itself (pagehide).
    await page.goto(`${ingest.origin}/fixtures/basic.html?page=2`);
    await recordOffline(page, 'seen on the second page');
    expect(await page.evaluate(() => (window as unknown as Win).tracker.hasSavedBuffer())).toBe(true);
    const r = await page.evaluate(() => (window as unknown as Win).tracker.uploadOfflineRecording());
    expect(r).toMatchObject({ success: true });
    const text = await waitFor(() => {
      const t = JSON.stringify(ingest.messages(r.sessionID));
      return t.includes('seen on the second page') && t;
    }, 'the upload');
    expect(text).toContain('seen on the first page');
    expect(text.indexOf('seen on the first page')).toBeLessThan(text.indexOf('seen on the second page'));
    // Two full snapshots: each page replays from its own.
    const snapshots = ingest
      .messages(r.sessionID)
      .filter((m) => m[0] === MessageType.RrwebEvent && (m[1] as { type: number }).type === 2);
    expect(snapshots).toHaveLength(2);
    expect(await page.evaluate(() => (window as unknown as Win).tracker.hasSavedBuffer())).toBe(false);
    await page.close();
  });
});
