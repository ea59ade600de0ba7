import { MessageType } from '@atrium/protocol/tracker/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, waitFor } from './browser.ts';
import { chromiumSuite } from './chromium-suite.ts';
import type { FakeIngest } from './fake-ingest.ts';

type Tracker = {
  start(): Promise<{ success: boolean; sessionID: string }>;
  startOfflineRecording(): { success: boolean };
  uploadOfflineRecording(): Promise<{ success: boolean; sessionID: string }>;
  forceFlushBatch(): void;
};
type Win = Window & { AtriumTracker: new (o: unknown) => Tracker; tracker: Tracker };

const isFullSnapshot = (m: unknown[]) =>
  m[0] === MessageType.RrwebEvent && (m[1] as { type: number }).type === 2;

/**
 * `frames` DOM changes, one an animation frame (so each is its own rrweb event), each `gapMs` apart: the gap is
 * part of the scenario (activity over time), not a wait for something.
 */
const changeFrames = (page: Page, frames: number, gapMs = 0) =>
  page.evaluate(
    async ([n, gap]) => {
      const p = document.createElement('p');
      document.body.append(p);
      for (let i = 0; i < n; i += 1) {
        p.textContent = `frame ${i}`;
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, gap)));
      }
    },
    [frames, gapMs] as const,
  );

describe.skipIf(!hasChromium)('checkpoints and memory caps (Chromium, built IIFE)', () => {
  const suite = chromiumSuite();
  let ingest: FakeIngest;

  const startLive = async (page: Page, options: object) => {
    await page.goto(`${ingest.origin}/fixtures/basic.html`);
    return page.evaluate(async (o) => {
      const w = window as unknown as Win;
      w.tracker = new w.AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true, ...o });
      return w.tracker.start();
    }, options);
  };
  const flushed = async (page: Page, sessionID: string, mark: string) => {
    await page.evaluate(() => (window as unknown as Win).tracker.forceFlushBatch());
    return waitFor(() => {
      const m = ingest.messages(sessionID);
      return JSON.stringify(m).includes(mark) && m;
    }, mark);
  };

  it('a long session gets a full-snapshot checkpoint every N events, each with the page as it is then', async () => {
    ingest = await suite.serve();
    const page = await suite.browser.newPage();
    const r = await startLive(page, { checkpoint: { events: 40 } });
    expect(r.success).toBe(true);
    await changeFrames(page, 100);
    const msgs = await flushed(page, r.sessionID, 'frame 99');
    const snapshots = msgs.filter(isFullSnapshot);
    // The first one, then one per 40 events: a player seeking to the end starts from the last one.
    expect(snapshots.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(snapshots.at(-1))).toMatch(/frame [6-9]\d/);
    await page.close();
  });

  it('a checkpoint follows activity after the interval, never an idle page', async () => {
    ingest = await suite.serve();
    const page = await suite.browser.newPage();
    const r = await startLive(page, { checkpoint: { ms: 400 } });
    await changeFrames(page, 12, 100); // ~1.2 s of changes
    const busy = (await flushed(page, r.sessionID, 'frame 11')).filter(isFullSnapshot).length;
    expect(busy).toBeGreaterThanOrEqual(3);
    await page.waitForTimeout(1500); // kept: the idle stretch itself is the scenario (longer than the interval)
    // Activity again: everything recorded before this change is uploaded with it, idle checkpoints included.
    await page.evaluate(() => document.body.append('back from idle'));
    const msgs = await flushed(page, r.sessionID, 'back from idle');
    const back = msgs.findIndex((m) => JSON.stringify(m).includes('back from idle'));
    expect(msgs.slice(0, back).filter(isFullSnapshot)).toHaveLength(busy);
    await page.close();
  });

  it('an offline recording over its memory cap drops the oldest data, notes the gap and resumes from a snapshot', async () => {
    ingest = await suite.serve();
    const page = await suite.browser.newPage();
    await page.goto(`${ingest.origin}/fixtures/basic.html`);
    await page.evaluate(async () => {
      const w = window as unknown as Win;
      w.tracker = new w.AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true, memoryCap: 60_000 });
      w.tracker.startOfflineRecording();
      // 30 blocks of 10 KB pass through the page, one at a time: 300 KB recorded, a small page at any moment.
      for (let i = 0; i < 30; i += 1) {
        const p = document.createElement('p');
        p.textContent = `block ${i} ${'x'.repeat(10_000)}`;
        document.body.querySelector('p.block')?.remove();
        p.className = 'block';
        document.body.append(p);
        await new Promise((r) => setTimeout(r, 60)); // kept: a tick apart, its own commit (no event marks one)
      }
    });
    const r = await page.evaluate(() => (window as unknown as Win).tracker.uploadOfflineRecording());
    expect(r.success).toBe(true);
    const msgs = await waitFor(() => {
      const m = ingest.messages(r.sessionID);
      return JSON.stringify(m).includes('block 29') && m;
    }, 'the upload');
    const gaps = msgs.filter((m) => m[0] === MessageType.RecorderDegraded && m[1] === 'memory-cap');
    expect(gaps.length).toBeGreaterThan(0);
    // What was kept replays: a full snapshot follows the last note; the oldest blocks are gone.
    const last = msgs.lastIndexOf(gaps.at(-1)!);
    expect(msgs.slice(last).some(isFullSnapshot)).toBe(true);
    const wire = JSON.stringify(msgs);
    expect(wire).not.toContain('block 0 ');
    expect(wire.length).toBeLessThan(100_000);
    await page.close();
  });
});
