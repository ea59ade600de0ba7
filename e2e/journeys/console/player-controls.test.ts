import { createTestUser } from '@atrium/server/test/create-test-user';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInToConsole } from '../../support/console.ts';
import { useJourney } from '../../support/journey.ts';
import { openBrowser, signedUpUser } from '../../support/portal.ts';
import { until } from './until.ts';

/** The playhead's "m:ss / m:ss" as seconds: [offset, duration]. */
async function playhead(page: Page): Promise<[number, number]> {
  const text = (await page.getByTestId('playhead').textContent()) ?? '';
  const seconds = (clock: string) => clock.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);
  const [at = '0:00', total = '0:00'] = text.split('/').map((s) => s.trim());
  return [seconds(at), seconds(total)];
}

/** Hiding a page (a tab switch) makes the tracker upload at once and web-vitals report what it measured. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/**
 * The player's controls on a real recording (issue 11): the learner uses the portal in two tabs, with an idle
 * stretch in the first; an agent plays it back at several speeds, skips the idle time, drives it from the
 * keyboard, switches tabs, watches it load over a slow link, and reads the performance, events and metadata
 * panels.
 */
describe('the replay player controls (real Chromium, real tracker and ingest)', () => {
  const journey = useJourney();
  let sessionId = '';
  let nickname = '';
  let email = '';

  beforeAll(async () => {
    const { server, browser } = journey;
    const learnerBrowser = await openBrowser(browser, server);
    const first = learnerBrowser.page;
    const learner = await signedUpUser(first, server, '播放器學員');
    nickname = learner.nickname;
    email = learner.email;
    await first.waitForTimeout(1500);
    await first.getByRole('link', { name: '任務板' }).click();
    await first.waitForURL('**/tasks/my');
    // 12 s without a click, key or scroll: longer than rrweb's 10 s inactivity threshold.
    await first.waitForTimeout(12_000);
    await first.getByRole('link', { name: '通知訊息' }).first().click();
    await first.waitForURL('**/user/messages');
    await first.waitForTimeout(1500);

    // A second tab opened from the first (its copy of sessionStorage carries the session) records under
    // its own tab id in the same session.
    const [second] = await Promise.all([
      learnerBrowser.context.waitForEvent('page'),
      first.evaluate(() => {
        window.open('/training');
      }),
    ]);
    await second.waitForURL('**/training');
    await second.waitForTimeout(2500);
    await second.getByRole('link', { name: '個人資料' }).first().click();
    await second.waitForTimeout(1500);
    await hide(second);
    await hide(first);

    const admin = await createTestUser(server.app, { role: 'admin' });
    const get = (url: string) => server.app.inject({ method: 'GET', url, headers: admin.auth });
    // The session with both tabs (each tab's batches arrive on their own).
    const found = await until(
      async () => {
        const list = await get(`/v1/console/sessions?learner=${encodeURIComponent(email)}`);
        const ids: string[] = list.json().sessions.map((x: { id: string }) => x.id);
        return Promise.all(
          ids.map(async (id) => ({ id, tabs: (await get(`/v1/console/sessions/${id}`)).json().tabs.length })),
        );
      },
      (sessions) => sessions.some((x) => x.tabs === 2),
      30_000,
    );
    sessionId = found.find((x) => x.tabs === 2)!.id;
    await learnerBrowser.context.close();
  }, 120_000);

  it('shows the loading progress of a recording arriving over a slow link', async () => {
    const { server, browser } = journey;
    const { page, context } = await signInToConsole(browser, server, {
      path: `/console/sessions/${sessionId}`,
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('player-stage').locator('iframe').waitFor();
    // How many bytes the stream takes on the wire (compressed as the browser gets it)...
    const admin = await createTestUser(server.app, { role: 'admin' });
    const wire = await server.app.inject({
      method: 'GET',
      url: `/v1/console/sessions/${sessionId}/messages`,
      headers: { ...admin.auth, 'accept-encoding': 'gzip, deflate, br' },
    });
    // ...then Chromium's own throttling makes it take about five seconds; the code is already loaded.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: Math.max(1024, wire.rawPayload.length / 5),
      uploadThroughput: 64 * 1024,
    });
    // Away and back inside the app: the player loads the recording again, from the network.
    await page.getByRole('link', { name: '這位學員的所有錄影' }).click();
    await page.waitForURL('**/sessions', { waitUntil: 'commit' });
    // Back only once the player has left the page: a step back within the same few milliseconds finds the
    // recording still in memory (it is dropped a moment after its page unmounts), with nothing to load.
    await page.getByTestId('player-stage').waitFor({ state: 'detached' });
    await page.goBack();
    const loading = page.getByTestId('loading-recording');
    await loading.waitFor();
    const bar = loading.getByRole('progressbar');
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000, interval: 100 })
      .toBeGreaterThan(0);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await page.getByTestId('player-stage').locator('iframe').waitFor({ timeout: 60_000 });
    await loading.waitFor({ state: 'detached' });
    await context.close();
  });

  describe('once loaded', () => {
    let page: Page;
    beforeAll(async () => {
      page = (
        await signInToConsole(journey.browser, journey.server, { path: `/console/sessions/${sessionId}` })
      ).page;
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByTestId('player-stage').locator('iframe').waitFor();
    });
    /** Focus out of the controls: the shortcuts are ignored while a button or field has it. */
    const unfocus = () => page.getByRole('heading', { level: 1 }).click();

    it('plays at 0.5× to 8×: faster speeds move the playhead further in the same time', async () => {
      await page.locator('#skip-inactive').uncheck();
      const run = async (label: string) => {
        await page.getByRole('button', { name: label, exact: true }).click();
        expect(
          await page.getByRole('button', { name: label, exact: true }).getAttribute('aria-pressed'),
        ).toBe('true');
        const [from] = await playhead(page);
        await page.getByTestId('play-pause').click();
        await page.waitForTimeout(2000);
        await page.getByTestId('play-pause').click();
        const [to] = await playhead(page);
        return to - from;
      };
      const slow = await run('0.5×');
      const fast = await run('8×');
      expect(slow).toBeLessThanOrEqual(2);
      expect(fast).toBeGreaterThanOrEqual(8);
    });

    it('keyboard: space plays and pauses, arrows step 5 s, digits pick the speed', async () => {
      await unfocus();
      const [start, total] = await playhead(page);
      expect(total).toBeGreaterThanOrEqual(15);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      const [zero] = await playhead(page);
      expect(zero).toBe(Math.max(0, start - 20));
      await page.keyboard.press('ArrowRight');
      expect((await playhead(page))[0]).toBe(zero + 5);
      await page.keyboard.press('5');
      expect(await page.getByRole('button', { name: '8×' }).getAttribute('aria-pressed')).toBe('true');
      await page.keyboard.press('1');
      expect(await page.getByRole('button', { name: '0.5×' }).getAttribute('aria-pressed')).toBe('true');
      await page.keyboard.press('2');
      await page.keyboard.press(' ');
      await page.getByTestId('play-pause').filter({ hasText: '暫停' }).waitFor();
      await page.keyboard.press(' ');
      await page.getByTestId('play-pause').filter({ hasText: '播放' }).waitFor();
    });

    it('skips the idle stretch when asked, and plays it in real time when not', async () => {
      await unfocus();
      for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
      expect((await playhead(page))[0]).toBe(0);
      // Without skipping: 4 s of wall time at 1× stay inside the first seconds of the idle stretch.
      await page.getByRole('button', { name: '1×', exact: true }).click();
      await page.getByTestId('play-pause').click();
      await page.waitForTimeout(4000);
      await page.getByTestId('play-pause').click();
      expect((await playhead(page))[0]).toBeLessThanOrEqual(6);

      await unfocus();
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
      await page.locator('#skip-inactive').check();
      const began = Date.now();
      await page.getByTestId('play-pause').click();
      await page.getByText('正在略過閒置時間…').waitFor({ timeout: 10_000 });
      // The 12 s without input goes by in a moment: past 0:10, well ahead of the wall clock at 1×.
      await expect
        .poll(async () => (await playhead(page))[0], { timeout: 8000, interval: 200 })
        .toBeGreaterThan(10);
      const [at] = await playhead(page);
      expect(at - (Date.now() - began) / 1000).toBeGreaterThan(3);
      await page.getByTestId('play-pause').click();
    });

    it('switches between the tabs of the session, each with its own pages', async () => {
      const tabs = page.getByLabel('瀏覽器分頁');
      expect(await tabs.locator('option').allTextContents()).toEqual(['分頁 1', '分頁 2']);
      const eventsOf = async (label: string) => {
        await tabs.selectOption({ label });
        await page.getByTestId('player-stage').locator('iframe').waitFor();
        await page.getByRole('tab', { name: /^事件/ }).click();
        const events = page.getByTestId('event-items');
        await events.waitFor();
        return (await events.textContent()) ?? '';
      };
      const both = [await eventsOf('分頁 1'), await eventsOf('分頁 2')];
      expect(page.url()).toMatch(/[?&]tab=/);
      // The first learner tab went to the task board, the second opened the classes: each panel has its own.
      const first = both.find((text) => text.includes('/tasks/my'));
      const second = both.find((text) => text.includes('/training'));
      expect(first).toContain('任務板');
      expect(first).not.toContain('/training');
      expect(second).toContain('個人資料');
      expect(second).not.toContain('/tasks/my');
    });

    it('shows the recorded web vitals and load timings, and who the learner is on what device', async () => {
      await page.getByRole('tab', { name: '效能' }).click();
      const vitals = page.getByTestId('vitals');
      await vitals.waitFor();
      const lines = await vitals.locator('li').allTextContents();
      // What web-vitals measured on the portal page, each with its rating.
      expect(lines.join(' ')).toMatch(/FCP|TTFB|LCP/);
      expect(lines.every((l) => /良好|待改善|不佳/.test(l))).toBe(true);

      await page.getByRole('tab', { name: '學員與裝置' }).click();
      const meta = await page.getByTestId('metadata').textContent();
      expect(meta).toContain(`${nickname} <${email}>`);
      expect(meta).toContain('Chrome');
      expect(meta).toMatch(/\d+ × \d+/);
    });
  });
});
