import { createTestUser } from '@atrium/server/test/create-test-user';
import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInToConsole } from '../../support/console.ts';
import { allowConsoleError } from '../../support/console-errors.ts';
import { useJourney } from '../../support/journey.ts';
import { demo, signedInAs, startCommunityServer } from '../training/community.ts';
import { until, untilRecording } from './until.ts';

/** One recorded message with the epoch ms it carries (the Timestamp before it in its batch). */
interface Recorded {
  time: number;
  message: unknown[];
}

/** The demo learner's recording as the server streams it to the player: the tab's messages and its start. */
async function recorded(journey: { server: { app: Parameters<typeof createTestUser>[0] } }) {
  const admin = await createTestUser(journey.server.app, { role: 'admin' });
  const get = (url: string) => journey.server.app.inject({ method: 'GET', url, headers: admin.auth });
  const list = await get(`/v1/console/sessions?learner=${encodeURIComponent(demo.learner)}`);
  const id: string | undefined = list.json().sessions[0]?.id;
  const messages: Recorded[] = [];
  let start = Number.POSITIVE_INFINITY;
  if (!id) return { id: '', messages, start };
  const stream = await get(`/v1/console/sessions/${id}/messages`);
  for (const line of stream.body.split('\n').filter(Boolean)) {
    let time = 0;
    for (const m of (JSON.parse(line) as { messages?: unknown[][] }).messages ?? []) {
      if (m[0] === 0) time = Number(m[1]);
      // The replay starts at the first rrweb event (the recorded window's size and the first snapshot).
      if (m[0] === 1) start = Math.min(start, (m[1] as { timestamp: number }).timestamp);
      messages.push({ time, message: m });
    }
  }
  return { id, messages, start };
}

/** Where the replay draws the cursor, in the recorded window's CSS pixels. */
async function cursor(page: Page): Promise<[number, number]> {
  return page
    .getByTestId('player-stage')
    .locator('.replayer-mouse')
    .evaluate((el: HTMLElement) => [
      Number.parseFloat(el.style.left) || 0,
      Number.parseFloat(el.style.top) || 0,
    ]);
}

async function replayFrame(page: Page): Promise<Frame> {
  const frame = await (
    await page.getByTestId('player-stage').locator('iframe').elementHandle()
  )?.contentFrame();
  if (!frame) throw new Error('no replay frame');
  return frame;
}

/**
 * The replay shows a moment as it was (issue 20): the learner scrolls the task board 172 px and points at one
 * task's 「接取任務」, makes the window smaller, clicks a task's title (the board goes away), then two errors
 * are thrown at once, a request fails and the console warns. The agent opens links to those moments, seeks to
 * 0:00, opens the grouped markers and works in the devtools panels.
 */
describe('the replay player at a moment (real Chromium, real tracker and ingest)', () => {
  const journey = useJourney({ start: startCommunityServer });
  let sessionId = '';
  let start = 0;
  /** Where the learner pointed (window coordinates), whose task, and when; the click on a title; the resize. */
  const pointed = { x: 0, y: 0, task: '', time: 0 };
  const clicked = { x: 0, y: 0, time: 0 };
  let resizedAt = 0;

  beforeAll(async () => {
    const { server, browser } = journey;
    const learner = await signedInAs(browser, server, demo.learner);
    await learner.setViewportSize({ width: 1100, height: 600 });
    await learner.goto('/tasks');
    await untilRecording(learner);
    const accept = learner.getByRole('button', { name: '接取任務' });
    await accept.nth(1).waitFor();
    /** Uploads what the tracker holds, then waits until the server has a message that `seen` accepts. */
    const uploaded = async (seen: (r: Recorded) => boolean) => {
      await learner.evaluate(() =>
        (
          window as unknown as { __atriumTrackerInstance: { forceFlushBatch(): void } }
        ).__atriumTrackerInstance.forceFlushBatch(),
      );
      const found = await until(
        () => recorded(journey),
        (r) => r.messages.some(seen),
        20_000,
      );
      sessionId = found.id;
      start = found.start;
      return found.messages.find(seen)!;
    };

    // Scrolled 172 px, the pointer on the second task's button.
    await learner.evaluate(() => window.scrollTo(0, 172));
    await learner.waitForFunction(() => window.scrollY === 172);
    const target = accept.nth(1);
    const box = (await target.boundingBox())!;
    pointed.x = Math.round(box.x + box.width / 2);
    pointed.y = Math.round(box.y + box.height / 2);
    pointed.task =
      (await target.evaluate(
        (el) => el.closest('[data-testid=task-card]')?.querySelector('a')?.textContent,
      )) ?? '';
    await learner.mouse.move(pointed.x, pointed.y);
    // The tracker sends page coordinates: the pointer's y on the page is 172 px more than in the window.
    const move = await uploaded(
      (r) => r.message[0] === 20 && r.message[1] === pointed.x && r.message[2] === pointed.y + 172,
    );
    pointed.time = move.time;

    // A smaller window.
    await learner.setViewportSize({ width: 900, height: 560 });
    resizedAt = (await uploaded((r) => r.message[0] === 5 && r.message[1] === 900 && r.message[2] === 560))
      .time;

    // A click on another task's title opens that task: the board, and the link clicked, go away.
    const title = learner.getByTestId('task-card').first().locator('a').first();
    await title.scrollIntoViewIfNeeded();
    const link = (await title.boundingBox())!;
    clicked.x = Math.round(link.x + link.width / 2);
    clicked.y = Math.round(link.y + link.height / 2);
    // The pointer comes to rest on the link first, so the click is the last thing that places it.
    await learner.mouse.move(clicked.x, clicked.y);
    const scrolled = await learner.evaluate(() => window.scrollY);
    await uploaded(
      (r) => r.message[0] === 20 && r.message[1] === clicked.x && r.message[2] === clicked.y + scrolled,
    );
    await learner.mouse.down();
    await learner.mouse.up();
    await learner.waitForURL(/\/tasks\/[^/]+$/);
    clicked.time = (
      await uploaded((r) => {
        const e = r.message[1] as { type?: number; data?: { source?: number; type?: number } } | undefined;
        return r.message[0] === 1 && e?.type === 3 && e.data?.source === 2 && e.data.type === 2;
      })
    ).time;

    // Two errors at the same moment, a failed request, a warning and an error line in the console.
    allowConsoleError(/moment-(first|second)|moment-missing|moment-error/);
    await learner.evaluate(async () => {
      console.warn('moment-warning');
      console.error('moment-error');
      await fetch('/v1/moment-missing');
      // Two timers due at once run one after the other in the same moment.
      setTimeout(() => {
        throw new TypeError('moment-first');
      });
      setTimeout(() => {
        throw new RangeError('moment-second');
      });
    });
    await uploaded((r) => r.message[0] === 25 && String(r.message[2]).includes('moment-second'));
    await learner.context().close();
  }, 180_000);

  /** The player opened on a link to `ms` after the recording's start. */
  const openAt = async (page: Page, ms: number) => {
    await page.goto(`/console/sessions/${sessionId}?t=${(ms / 1000).toFixed(3)}`);
    await page.getByTestId('player-stage').locator('iframe').waitFor();
  };
  let page: Page;
  beforeAll(async () => {
    page = (await signInToConsole(journey.browser, journey.server)).page;
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('draws the cursor on the button the learner pointed at, with the page scrolled 172 px', async () => {
    await openAt(page, pointed.time - start + 150);
    await expect.poll(() => cursor(page)).toEqual([pointed.x, pointed.y]);
    const frame = await replayFrame(page);
    await expect.poll(() => frame.evaluate(() => window.scrollY)).toBe(172);
    // What is under the cursor in the replay is the button of the task the learner pointed at.
    const under = await frame.evaluate(
      ([x, y]) => {
        const el = document.elementFromPoint(x as number, y as number);
        return [
          el?.closest('button')?.textContent,
          el?.closest('[data-testid=task-card]')?.querySelector('a')?.textContent,
        ];
      },
      [pointed.x, pointed.y],
    );
    expect(under).toEqual(['接取任務', pointed.task]);
  });

  it('shows the window at the size it had at the linked moment, after the learner resized it', async () => {
    await openAt(page, resizedAt - start + 500);
    const iframe = page.getByTestId('player-stage').locator('iframe');
    await expect
      .poll(async () => [await iframe.getAttribute('width'), await iframe.getAttribute('height')])
      .toEqual(['900', '560']);
    // The stage is as tall as the replayed window (not scaled down at 1280 px: 900 fits).
    const stage = (await page.getByTestId('player-stage').boundingBox())!;
    expect(Math.round(stage.height)).toBe(560);
  });

  it('keeps the cursor where the learner clicked when a link opens a moment after a click that navigated', async () => {
    await openAt(page, clicked.time - start + 1000);
    await expect.poll(() => cursor(page)).toEqual([clicked.x, clicked.y]);
  });

  it('shows the first page again when the playhead goes back to exactly 0:00', async () => {
    await openAt(page, clicked.time - start + 1000);
    const frame = await replayFrame(page);
    // The task's own page: no board of cards.
    await expect.poll(() => frame.locator('[data-testid=task-card]').count()).toBe(0);
    // Straight there from the task's page, with the scrubber's Home key.
    await page.getByLabel('播放位置').focus();
    await page.keyboard.press('Home');
    await expect.poll(() => page.getByTestId('playhead').textContent()).toMatch(/^0:00 \//);
    await expect.poll(() => frame.locator('[data-testid=task-card]').count()).toBeGreaterThan(1);
  });

  it('groups markers of one moment into one button with a count that lists each', async () => {
    await openAt(page, 0);
    const group = page.getByTestId('marker-group-error');
    expect(await group.count()).toBe(1);
    expect((await group.textContent())?.trim()).toBe('2');
    await group.click();
    const items = page.getByTestId('marker-group-item');
    expect(await items.allTextContents()).toEqual([
      expect.stringContaining('moment-first'),
      expect.stringContaining('moment-second'),
    ]);
    await items.nth(1).click();
    // Jumping there opens the errors panel, the playhead on the error.
    const errors = page.getByTestId('error-items');
    await errors.waitFor();
    expect(await page.getByTestId('playhead').textContent()).not.toMatch(/^0:00 \//);
    expect(await errors.locator('[aria-current=true]').textContent()).toContain('moment-second');
  });

  it('keeps the devtools panels to their own scrolling box, filtered, following the playhead', async () => {
    await openAt(page, clicked.time - start + 1000);
    await page.getByRole('tab', { name: /^網路/ }).click();
    const list = page.getByTestId('network-scroller');
    await list.waitFor();
    // The page stays about one screen high with Network open; the rows scroll in their own box.
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight).toBeLessThan(2200);
    const [inner, outer] = await list.evaluate((el) => [el.scrollHeight, el.clientHeight]);
    expect(outer).toBeLessThanOrEqual(420);
    expect(inner).toBeGreaterThan(outer);

    // The row at the playhead is marked and scrolled into view.
    const visible = async () =>
      list.evaluate((el) => {
        const row = el.querySelector('[aria-current=true]');
        if (!row) return false;
        const a = row.getBoundingClientRect();
        const b = el.getBoundingClientRect();
        return a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
      });
    await expect.poll(visible).toBe(true);
    // The agent scrolls the panel: it stops following and offers to follow again.
    await list.hover();
    await page.mouse.wheel(0, -10_000);
    await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBe(0);
    const follow = page.getByRole('button', { name: '跟隨播放位置' });
    await follow.waitFor();
    const moved = await page.getByTestId('playhead').textContent();
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('playhead').textContent()).not.toBe(moved);
    expect(await list.evaluate((el) => el.scrollTop)).toBe(0);
    await follow.click();
    await expect.poll(visible).toBe(true);

    // Keys in the focused list scroll it: they do not move the playhead.
    const still = await page.getByTestId('playhead').textContent();
    await list.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await follow.waitFor();
    expect(await page.getByTestId('playhead').textContent()).toBe(still);
    await follow.click();

    // Pressing a row of another moment moves the playhead to it.
    const [at] = ((await page.getByTestId('playhead').textContent()) ?? '').split(' / ');
    const clocks = await list.locator('tbody tr[data-row] td:first-child').allTextContents();
    const other = clocks.findIndex((clock) => clock !== at);
    expect(other).toBeGreaterThanOrEqual(0);
    await list.locator('tbody tr[data-row]').nth(other).locator('td').nth(4).click();
    await expect
      .poll(() => page.getByTestId('playhead').textContent())
      .toMatch(new RegExp(`^${clocks[other]} /`));

    // Only failed requests; then a text filter.
    await page.getByLabel('只顯示失敗的請求').check();
    const rows = list.locator('tbody tr[data-row]');
    expect(await rows.allTextContents()).toEqual([expect.stringContaining('/v1/moment-missing')]);
    await page.getByLabel('只顯示失敗的請求').uncheck();
    await page.getByTestId('network-filter').fill('moment-missing');
    expect(await rows.count()).toBe(1);

    // The console panel by level.
    await page.getByRole('tab', { name: /^主控台/ }).click();
    await page.getByLabel('層級').selectOption('warn');
    expect(await page.getByTestId('console-lines').locator('[data-row]').allTextContents()).toEqual([
      expect.stringContaining('moment-warning'),
    ]);
  });
});
