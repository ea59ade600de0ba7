import {
  closeSockets,
  connected,
  next,
  startTrackerSession,
  visitorSocket,
} from '@atrium/server/test/assist-harness';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { signInToConsole } from '../../support/console.ts';
import { useJourney } from '../../support/journey.ts';
import { streamOnAgent } from './assist-visitor.ts';

/** How far the console itself is scrolled (the document and the work area). */
const consoleScroll = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('.console-main');
    const doc = document.scrollingElement;
    return (doc?.scrollTop ?? 0) + (doc?.scrollLeft ?? 0) + (main?.scrollTop ?? 0) + (main?.scrollLeft ?? 0);
  });
/** Two frames later: a wheel's scroll of the console, if any, has begun. */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

describe('the live mirror fits the agent window', () => {
  const journey = useJourney();
  afterEach(() => closeSockets());

  it('shows the whole learner viewport in a 1280×720 window, 1:1 on demand, and wheel over it never scrolls the console', async () => {
    const s = await startTrackerSession(journey.server.app);
    const visitor = visitorSocket(journey.server.baseUrl, s);
    await connected(visitor);
    streamOnAgent(visitor, s.tabId, '作業頁', { width: 1280, height: 800 }, '頁尾按鈕');
    const meta = { tabId: s.tabId };
    const { page, context } = await signInToConsole(journey.browser, journey.server);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/console/assist/${s.projectKey}/${s.sessionId}`);
    const mirror = page.frameLocator('[data-testid="live-player"] iframe');
    await mirror.getByText('作業頁').waitFor();
    const iframe = page.locator('[data-testid="live-player"] iframe');

    // Fitted: the learner's whole 1280×800 viewport, its bottom corner included, is inside the window.
    await page.waitForFunction(() => {
      const r = document.querySelector('[data-testid="live-player"] iframe')?.getBoundingClientRect();
      return r && r.width < 1280;
    });
    const fitted = await iframe.boundingBox();
    if (!fitted) throw new Error('no mirror');
    expect(fitted.y + fitted.height).toBeLessThanOrEqual(720);
    expect(fitted.x + fitted.width).toBeLessThanOrEqual(1280);
    expect(fitted.width / fitted.height).toBeCloseTo(1280 / 800, 1);
    const corner = await mirror.getByText('頁尾按鈕').boundingBox();
    if (!corner) throw new Error('no footer');
    expect(corner.y + corner.height).toBeLessThanOrEqual(720);

    // Under control, a click on the scaled mirror lands on the learner's own coordinates.
    const asked = next<[string]>(visitor, 'request_control');
    await page.getByRole('button', { name: '要求遠端控制' }).click();
    const [agentId] = await asked;
    visitor.emit('control_granted', { meta, data: agentId });
    await page.getByText('學員已同意遠端控制').waitFor();
    // (The notice above the mirror took room: the mirror fits again, smaller.)
    const now = await iframe.boundingBox();
    if (!now) throw new Error('no mirror');
    expect(now.y + now.height).toBeLessThanOrEqual(720);
    const scale = now.width / 1280;
    const click = next<[string, { data: [number, number] }]>(visitor, 'click');
    await page.mouse.click(now.x + 640 * scale, now.y + 400 * scale);
    const [, at] = await click;
    expect(Math.abs(at.data[0] - 640)).toBeLessThanOrEqual(3);
    expect(Math.abs(at.data[1] - 400)).toBeLessThanOrEqual(3);

    // The wheel over the mirror scrolls the learner's page, not the console.
    const before = await consoleScroll(page);
    const scrolled = next<[string, { data: [number, number] }]>(visitor, 'scroll');
    await page.mouse.wheel(0, 300);
    expect((await scrolled)[1].data[1]).toBe(300);
    await twoFrames(page);
    expect(await consoleScroll(page)).toBe(before);
    const released = next(visitor, 'release_control');
    await page.getByRole('button', { name: '結束遠端控制' }).click();
    await released;

    // 1:1: the learner's pixels as they are; the stage scrolls by itself and the console stays still.
    await page.getByRole('button', { name: '實際大小 1:1' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="live-player"] iframe')?.getBoundingClientRect().width === 1280,
    );
    const stage = page.getByTestId('live-stage');
    await page.mouse.move(fitted.x + 100, fitted.y + 100);
    await page.mouse.wheel(0, 200);
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="live-stage"]')?.scrollTop ?? 0) > 0,
    );
    await twoFrames(page);
    expect(await consoleScroll(page)).toBe(before);
    expect(await stage.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

    await page.getByRole('button', { name: '符合視窗' }).click();
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="live-player"] iframe')?.getBoundingClientRect().width ?? 0) <
        1280,
    );
    await context.close();
  });
});
