import { MessageType } from '@atrium/protocol/tracker/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { recordWithTracker } from '../../../apps/server/test/record-with-tracker.ts';
import { pageStartMessages, rrwebElement } from '../../../apps/server/test/rrweb-page.ts';
import { signInToConsole } from '../../support/console.ts';
import { useJourney } from '../../support/journey.ts';

const BATCH_SECONDS = 10;
const BATCHES = 72; // 12 minutes
/** The tracker's checkpoint: a page's Meta and full snapshot every 5 minutes (30 batches). */
const CHECKPOINT_BATCHES = 30;
const label = (seq: number) => `第 ${seq} 批`;

/** A 12-minute recording through the real ingest: one paragraph that names the batch it was last changed in. */
async function uploadLongRecording(journey: ReturnType<typeof useJourney>): Promise<string> {
  const { server } = journey;
  const tracker = recordWithTracker(server.app);
  const { token, sessionID } = await tracker.start('tab-1', {
    url: 'https://portal.example/',
    width: 1280,
    height: 800,
  });
  const t0 = Date.now() - (BATCHES + 1) * BATCH_SECONDS * 1000;
  for (let seq = 0; seq < BATCHES; seq++) {
    const at = t0 + seq * BATCH_SECONDS * 1000;
    const messages: unknown[][] = [
      [MessageType.Timestamp, at],
      [MessageType.TabData, 'tab-1'],
    ];
    if (seq % CHECKPOINT_BATCHES === 0) {
      const text = seq === 0 ? '' : label(seq - 1);
      const html = rrwebElement(2, 'html', [
        rrwebElement(3, 'head', []),
        rrwebElement(4, 'body', [rrwebElement(5, 'p', [{ type: 3, id: 6, textContent: text }])]),
      ]);
      messages.push(...pageStartMessages(at, html));
    }
    messages.push(
      [MessageType.MouseMove, 10 + seq, 20],
      [
        MessageType.RrwebEvent,
        {
          type: 3,
          data: { source: 0, texts: [{ id: 6, value: label(seq) }], attributes: [], removes: [], adds: [] },
          timestamp: at,
        },
      ],
    );
    expect((await tracker.upload(token, 'tab-1', seq, messages)).statusCode).toBeLessThan(300);
  }
  return sessionID;
}

const shownText = (page: Page) =>
  page.frameLocator('[data-testid=player-stage] iframe').locator('p').first().textContent();

/** Moves the scrubber to `seconds` as a drag of it would. */
async function seekTo(page: Page, seconds: number) {
  await page.getByRole('slider', { name: '播放位置' }).evaluate((input: HTMLInputElement, ms) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(ms));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, seconds * 1000);
}

/**
 * A recording longer than a replay stretch (ADR 0028: a replayer is given about 5 minutes of a tab, from a
 * checkpoint): every moment shows what the learner saw then, whichever stretch it is in, and playing carries
 * on from one stretch into the next.
 */
describe('a 12-minute recording in the player', () => {
  const journey = useJourney();

  it('shows each moment across its stretches, by link and by seeking, and plays on from one into the next', {
    timeout: 120_000,
  }, async () => {
    const sessionID = await uploadLongRecording(journey);
    // A link into the last stretch (10:00 on): 10:35 shows batch 63.
    const { page, context } = await signInToConsole(journey.browser, journey.server, {
      path: `/console/sessions/${sessionID}?t=635`,
    });
    await expect.poll(() => shownText(page), { timeout: 15_000 }).toBe(label(63));
    // Back into the first stretch, then the middle one, then the last again.
    for (const [seconds, seq] of [
      [125, 12],
      [455, 45],
      [299, 29],
      [700, 70],
      [300, 30],
    ] as const) {
      await seekTo(page, seconds);
      await expect.poll(() => shownText(page), { timeout: 10_000 }).toBe(label(seq));
    }
    // Playing from 4:55 at 8× crosses into the second stretch and goes on there.
    await seekTo(page, 295);
    await expect.poll(() => shownText(page), { timeout: 10_000 }).toBe(label(29));
    await page.getByRole('button', { name: '8×' }).click();
    // Each frame until then, what the stage shows on top: never a blank page while one replayer hands over.
    await page.evaluate(() => {
      const seen = { frames: 0, blank: 0 };
      (window as unknown as { stageFrames: typeof seen }).stageFrames = seen;
      const look = () => {
        const wrappers = Array.from(
          document.querySelectorAll('[data-testid=player-stage] .replayer-wrapper'),
        );
        // The last replayer's wrapper is drawn over any other (both sit at the stage's top left).
        const top = wrappers.at(-1);
        seen.frames++;
        if (!top?.querySelector('iframe')?.contentDocument?.body?.textContent) seen.blank++;
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.getByTestId('play-pause').click();
    await expect
      .poll(async () => Number((await shownText(page))?.replace(/\D+/g, '')), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(32);
    await page.getByTestId('play-pause').click();
    const frames = await page.evaluate(
      () => (window as unknown as { stageFrames: { frames: number; blank: number } }).stageFrames,
    );
    expect(frames.frames).toBeGreaterThan(10);
    expect(frames.blank).toBe(0);
    await context.close();
  });
});
