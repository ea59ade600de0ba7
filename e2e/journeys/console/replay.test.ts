import { randomBytes } from 'node:crypto';
import { createTestUser } from '@atrium/server/test/create-test-user';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { signInToConsole } from '../../support/console.ts';
import { allowConsoleError } from '../../support/console-errors.ts';
import { useJourney } from '../../support/journey.ts';
import { openBrowser, signedUpUser } from '../../support/portal.ts';
import { untilRecording } from './until.ts';

describe('replaying a learner session in the console (real Chromium, real ingest)', () => {
  const journey = useJourney();

  it('finds the session by e-mail, plays it, jumps to the error and reads it in every panel', {
    timeout: 120_000,
  }, async () => {
    const { server, browser } = journey;
    const tag = randomBytes(4).toString('hex');

    // The learner uses the portal: a screen change, a console error, a thrown error and a failed fetch.
    const learnerBrowser = await openBrowser(browser, server);
    const lp = learnerBrowser.page;
    const learner = await signedUpUser(lp, server, '重播學員');
    await untilRecording(lp);
    await lp.getByRole('link', { name: '任務板' }).click();
    await lp.waitForURL('**/tasks/my');
    // Kept: the errors must come a moment into the recording (their marker past 0:00); nothing marks that.
    await lp.waitForTimeout(1500);
    // Logged and thrown on purpose, for the replay's panels to show.
    allowConsoleError(new RegExp(`(console|thrown)-${tag}`));
    await lp.evaluate((t) => console.error(`console-${t}`), tag);
    await lp.evaluate((t) => {
      setTimeout(() => {
        throw new TypeError(`thrown-${t}`);
      });
    }, tag);
    await lp.evaluate(async (t) => {
      await fetch(`/v1/replay-journey-missing-${t}`);
    }, tag);
    // Hiding the page (a tab switch) cuts and uploads the batch at once.
    await lp.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });

    const admin = await createTestUser(server.app, { role: 'admin' });
    await expect
      .poll(
        async () => {
          const res = await server.app.inject({
            method: 'GET',
            url: `/v1/console/sessions?learner=${encodeURIComponent(learner.email)}&has_errors=true&has_failed_requests=true`,
            headers: admin.auth,
          });
          return res.json().total;
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBe(1);
    await learnerBrowser.context.close();

    // The agent finds it by the learner's e-mail.
    const { page, context, cspViolations } = await signInToConsole(browser, server, {
      path: '/console/sessions',
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('學員（ID、電子郵件或暱稱）').fill(learner.email);
    await page.getByRole('button', { name: '搜尋' }).click();
    const rows = page.getByTestId('sessions-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(learner.email);
    await expectAccessible(page, 'sessions list at 1280 px');
    await rows.first().getByRole('link').click();
    await page.waitForURL('**/console/sessions/*');

    // The pages are rebuilt in the sandboxed replay frame.
    const stage = page.getByTestId('player-stage');
    await stage.locator('iframe').waitFor();
    expect(await stage.locator('iframe').getAttribute('sandbox')).not.toContain('allow-scripts');
    const frame = page.frameLocator('[data-testid=player-stage] iframe');
    await frame.locator('body').waitFor({ state: 'attached' });
    await page.getByTestId('play-pause').click();
    await expect
      .poll(() => page.getByTestId('playhead').textContent(), { timeout: 10_000 })
      .not.toMatch(/^0:00 \//);
    await page.getByTestId('play-pause').click();

    // Jump to the error marker: the errors panel shows it, then the console line and the failed request.
    await page.getByTestId('marker-error').first().click();
    const errors = page.getByTestId('error-items');
    await errors.waitFor();
    expect(await errors.textContent()).toContain(`thrown-${tag}`);
    const at = await page.getByTestId('playhead').textContent();
    expect(at).not.toMatch(/^0:00 \//);
    await page.getByRole('tab', { name: /^主控台/ }).click();
    expect(await page.getByTestId('console-lines').textContent()).toContain(`console-${tag}`);
    await page.getByRole('tab', { name: /^網路/ }).click();
    const failed = page.getByTestId('network-rows').locator('tr.table-danger');
    expect(await failed.first().textContent()).toContain(`/v1/replay-journey-missing-${tag}`);
    expect(await failed.first().textContent()).toContain('404');
    // The replayed page is the portal's task board at that moment.
    expect(await frame.locator('body').textContent()).toContain('任務');
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible(page, `player at ${width} px`, ['[data-testid=player-stage] iframe']);
    }

    // A link to this moment opens the player there.
    await page.getByTestId('link-moment').click();
    await page.waitForURL(/[?&]t=\d/);
    const deepLink = page.url();
    const second = await context.newPage();
    await second.goto(deepLink);
    await second.getByTestId('player-stage').locator('iframe').waitFor();
    expect(await second.getByTestId('playhead').textContent()).toBe(at);
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it('keeps the recordings from an agent reaching admin calls', async () => {
    const agent = await createTestUser(journey.server.app, { role: 'agent' });
    const { page, context } = await openBrowser(journey.browser, journey.server);
    await context.addCookies([{ name: 'token', value: agent.token, url: journey.server.baseUrl }]);
    await page.goto('/console/sessions');
    await page.getByTestId('sessions-table').or(page.getByText('沒有符合的錄影。')).first().waitFor();
    const statuses = await page.evaluate(async () => {
      const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
      const del = await fetch('/v1/console/sessions/00000000-0000-4000-8000-000000000000', {
        method: 'DELETE',
        headers: { 'x-xsrf-token': xsrf },
      });
      return [
        (await fetch('/v1/console/audit')).status,
        (await fetch('/v1/console/ingest/projects')).status,
        del.status,
      ];
    });
    expect(statuses).toEqual([403, 403, 403]);
    await context.close();
  });
});
