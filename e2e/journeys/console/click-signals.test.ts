import { createTestUser } from '@atrium/server/test/create-test-user';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { signInToConsole } from '../../support/console.ts';
import { allowConsoleError } from '../../support/console-errors.ts';
import { useJourney } from '../../support/journey.ts';
import { demo, signedInAs, startCommunityServer } from '../training/community.ts';
import { until, untilRecording } from './until.ts';

/**
 * Understand a visit without watching it all (issue 20, ADR 0057): the learner clicks the task board's title
 * three times in a row (nothing happens) and a script on the page throws. The agent sees the rage click as a
 * marker on the replay's timeline, and finds the exception on the Issues screen, whose link opens the replay
 * at that moment.
 */
describe('click signals and issues (real Chromium, real tracker and ingest)', () => {
  const journey = useJourney({ start: startCommunityServer });
  let sessionId = '';
  /** The tab's replay start: its first rrweb event. */
  let start = 0;
  let page: Page;

  beforeAll(async () => {
    const { server, browser } = journey;
    const staff = await createTestUser(server.app, { role: 'agent' });
    const get = (url: string) => server.app.inject({ method: 'GET', url, headers: staff.auth });
    const learner = await signedInAs(browser, server, demo.learner);
    await learner.goto('/tasks');
    await untilRecording(learner);
    const heading = learner.getByRole('heading', { level: 1 }).first();
    await heading.click();
    await heading.click();
    await heading.click();
    allowConsoleError(/Task 4242 failed/);
    await learner.evaluate(() => {
      setTimeout(() => {
        throw new TypeError('Task 4242 failed');
      });
    });
    const flush = () =>
      learner.evaluate(() =>
        (
          window as unknown as { __atriumTrackerInstance: { forceFlushBatch(): void } }
        ).__atriumTrackerInstance.forceFlushBatch(),
      );
    // Both found at ingest: the rage burst among the session's events, the exception on the Issues list.
    const found = await until(
      async () => {
        await flush();
        const list = await get(
          `/v1/console/sessions?learner=${encodeURIComponent(demo.learner)}&signal=rage_click`,
        );
        const id: string | undefined = list.json().sessions[0]?.id;
        const issues = (await get('/v1/console/issues')).json().issues as { message: string }[];
        return { id, issue: issues.some((i) => i.message === 'Task 4242 failed') };
      },
      (r) => Boolean(r.id) && r.issue,
      20_000,
    );
    sessionId = found.id ?? '';
    const stream = await get(`/v1/console/sessions/${sessionId}/messages`);
    start = Number.POSITIVE_INFINITY;
    for (const line of stream.body.split('\n').filter(Boolean)) {
      for (const m of (JSON.parse(line) as { messages?: unknown[][] }).messages ?? []) {
        if (m[0] === 1) start = Math.min(start, (m[1] as { timestamp: number }).timestamp);
      }
    }
    await learner.context().close();
    page = (await signInToConsole(browser, server)).page;
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 60_000);

  it('marks the rage click on the replay timeline', async () => {
    await page.goto(`/console/sessions/${sessionId}`);
    await page.getByTestId('player-stage').locator('iframe').waitFor();
    // The rage burst and the clicks in it share a moment: one marker, or one group that lists them.
    const single = page.locator('[data-testid=marker-signal][aria-label*="狂點 ×3"]');
    const group = page.getByTestId('marker-group-signal');
    await expect.poll(async () => (await single.count()) + (await group.count())).toBeGreaterThan(0);
    if ((await single.count()) === 0) {
      await group.first().click();
      await page.getByTestId('marker-group-item').filter({ hasText: '狂點 ×3' }).first().waitFor();
    }
  });

  it('shows the Issues list and an issue at a phone width without sideways scrolling', async () => {
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/console/issues');
    await page.getByRole('link', { name: /TypeError: Task 4242 failed/ }).click();
    await page.getByTestId('issue-occurrences').waitFor();
    expect(await overflow()).toBe(0);
    await expectAccessible(page, 'an issue at 375 px');
    await page.goBack();
    await page.getByTestId('issues-list').waitFor();
    expect(await overflow()).toBe(0);
    await expectAccessible(page, 'the Issues list at 375 px');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('finds the visit by what happened in it, and its row opens the replay at the matching moment', async () => {
    // Issue 20, "Find a session by what happened" (ADR 0059): an exception's message and a page visited.
    await page.goto('/console/sessions');
    await page.getByLabel('錯誤訊息', { exact: true }).fill('4242 FAILED');
    await page.getByLabel('造訪的網址', { exact: true }).fill('/tasks');
    await page.getByRole('button', { name: '搜尋' }).click();
    await page.waitForURL(/errorText=4242/);
    const row = page.getByTestId('sessions-table').locator('tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    const moments = row.getByRole('list', { name: '相符的時刻' });
    await moments.getByText('Task 4242 failed').waitFor();
    await moments
      .getByText(/\/tasks/)
      .first()
      .waitFor();
    await expectAccessible(page, 'the sessions search with matching moments');
    // A message that never happened finds nothing.
    await page.getByLabel('錯誤訊息', { exact: true }).fill('4243 failed');
    await page.getByRole('button', { name: '搜尋' }).click();
    await page.waitForURL(/errorText=4243/);
    await expect.poll(() => row.count()).toBe(0);
    await page.goBack();
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('link').first().click();
    await page.waitForURL(new RegExp(`/console/sessions/${sessionId}\\?tab=[^&]+&at=\\d+`));
    await page.getByTestId('player-stage').locator('iframe').waitFor();
  });

  it('lists the exception on the Issues screen, whose link opens the replay at that moment', async () => {
    await page.goto('/console/issues');
    await page.getByRole('link', { name: /TypeError: Task 4242 failed/ }).click();
    await page.getByRole('heading', { level: 1, name: /Task 4242 failed/ }).waitFor();
    await expect.poll(() => page.getByTestId('issue-sparkline').count()).toBe(1);
    await page.getByTestId('issue-occurrences').getByRole('link').first().click();
    await page.waitForURL(new RegExp(`/console/sessions/${sessionId}\\?tab=[^&]+&at=\\d+`));
    const at = Number(new URL(page.url()).searchParams.get('at'));
    await page.getByTestId('player-stage').locator('iframe').waitFor();
    const seek = page.getByRole('slider', { name: '播放位置' });
    // The playhead stands at the exception's moment (the slider moves in steps of 100 ms).
    await expect.poll(async () => Math.abs(Number(await seek.inputValue()) - (at - start))).toBeLessThan(200);
  });
});
