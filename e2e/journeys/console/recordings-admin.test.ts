import { createTestUser, type TestUser } from '@atrium/server/test/create-test-user';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { type ConsoleStaff, signInToConsole } from '../../support/console.ts';
import { useJourney } from '../../support/journey.ts';
import { openBrowser } from '../../support/portal.ts';
import { until, untilRecording } from './until.ts';

/** Hiding a page (a tab switch) makes the tracker upload what it holds at once. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/**
 * What admins need around the recordings (issue 11): the search by start page and maximum duration, the
 * "impersonated" mark on a recording an admin made while viewing as the learner, a learner's recordings page,
 * and the audit log of who read which recording when and of each impersonation.
 */
describe('recordings for admins: search, impersonated mark, audit log', () => {
  const journey = useJourney();
  let admin: ConsoleStaff;
  let viewed: TestUser;
  let own: TestUser;
  let impersonatedId = '';
  let ownId = '';

  const sessionsOf = async (user: TestUser) => {
    const res = await journey.server.app.inject({
      method: 'GET',
      url: `/v1/console/sessions?learner=${encodeURIComponent(user.email)}`,
      headers: admin.user.auth,
    });
    return res.json().sessions as { id: string; impersonated: boolean }[];
  };

  beforeAll(async () => {
    const { server, browser } = journey;
    viewed = await createTestUser(server.app, { nickname: '被代入的學員' });
    own = await createTestUser(server.app, { nickname: '自己來的學員' });
    admin = await signInToConsole(browser, server, { role: 'admin', nickname: '稽核管理員' });
    await admin.page.setViewportSize({ width: 1280, height: 900 });

    // A learner's own visit, starting on the class list.
    const learner = await openBrowser(browser, server);
    await learner.context.addCookies([{ name: 'token', value: own.token, url: server.baseUrl }]);
    await learner.page.goto('/training?from=mail');
    await untilRecording(learner.page);
    await hide(learner.page);

    // The admin views the portal as the other learner: that visit is recorded as impersonated.
    const minted = await server.app.inject({
      method: 'POST',
      url: '/v1/console/impersonation',
      headers: admin.user.auth,
      payload: { user_id: viewed.id, seconds: 120 },
    });
    // In a browser of its own: the portal swaps the token cookie, which would sign the console out.
    const viewer = await openBrowser(browser, server);
    await viewer.context.addCookies([{ name: 'token', value: admin.user.token, url: server.baseUrl }]);
    const portal = viewer.page;
    await portal.goto(minted.json().portal_path);
    await portal.getByTestId('greeting').filter({ hasText: '被代入的學員' }).waitFor();
    await untilRecording(portal);
    await hide(portal);

    await until(
      () => sessionsOf(viewed),
      (list) => list.some((x) => x.impersonated),
      30_000,
    );
    await until(
      () => sessionsOf(own),
      (list) => list.length === 1,
      30_000,
    );
    impersonatedId = (await sessionsOf(viewed)).find((s) => s.impersonated)!.id;
    ownId = (await sessionsOf(own))[0]!.id;
    await viewer.context.close();
    await learner.context.close();
  }, 120_000);

  it('searches by the start page address and by a maximum duration', async () => {
    const page = admin.page;
    await page.goto('/console/sessions');
    const rows = page.getByTestId('sessions-table').locator('tbody tr');
    await page.getByLabel('起始網址包含').fill('training?from=');
    await page.getByRole('button', { name: '搜尋' }).click();
    await page.waitForURL(/[?&]url=training/);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(own.email);
    expect(await rows.first().getByRole('link').getAttribute('href')).toBe(`/console/sessions/${ownId}`);

    // Both sessions lasted seconds: at most 0 minutes leaves none, at most 10 keeps this one.
    await page.getByLabel('最長時長（分鐘）').fill('0');
    await page.getByRole('button', { name: '搜尋' }).click();
    await page.getByText('沒有符合的錄影。').waitFor();
    await page.getByLabel('最長時長（分鐘）').fill('10');
    await page.getByRole('button', { name: '搜尋' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await expectAccessible(page, 'sessions search with the new filters');
  });

  it('marks the recording made while impersonating, in the list and in the player', async () => {
    const page = admin.page;
    await page.goto(`/console/sessions?learner=${encodeURIComponent(viewed.email)}`);
    const row = page
      .getByTestId('sessions-table')
      .locator('tbody tr')
      .filter({ has: page.locator(`a[href$="${impersonatedId}"]`) });
    await row.getByTestId('impersonated-badge').filter({ hasText: '管理員代入' }).waitFor();
    await page.goto(`/console/sessions?learner=${encodeURIComponent(own.email)}`);
    await page.getByTestId('sessions-table').waitFor();
    expect(await page.getByTestId('impersonated-badge').count()).toBe(0);

    await page.goto(`/console/sessions/${impersonatedId}`);
    await page.getByTestId('impersonated-badge').waitFor();
    await page.getByTestId('player-stage').locator('iframe').waitFor();
  });

  it("a learner's recordings page passes axe", async () => {
    const page = admin.page;
    await page.goto(`/console/learners/${viewed.id}/sessions`);
    await page.getByTestId('sessions-table').waitFor();
    await page.getByTestId('impersonated-badge').waitFor();
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible(page, `learner sessions at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('shows admins who read which recording when, filtered by recording', async () => {
    // An agent reads the learner's own recording: the log names them.
    const agent = await signInToConsole(journey.browser, journey.server, {
      nickname: '被稽核的客服',
      path: `/console/sessions/${ownId}`,
    });
    await agent.page.getByTestId('player-stage').locator('iframe').waitFor();
    expect(await agent.page.getByRole('link', { name: '稽核紀錄' }).count()).toBe(0);
    await agent.context.close();

    const page = admin.page;
    await page.getByRole('navigation').getByRole('link', { name: '稽核紀錄' }).click();
    await page.getByRole('heading', { name: '稽核紀錄', level: 1 }).waitFor();
    const reads = page.getByTestId('audit-reads');
    await reads
      .locator('tbody tr')
      .filter({ hasText: agent.user.email })
      .filter({ hasText: '播放錄影' })
      .first()
      .waitFor();
    await expectAccessible(page, 'audit log');

    await page.getByLabel('錄影編號').fill('not-a-recording');
    await page.getByRole('button', { name: '篩選' }).click();
    await page.getByText('錄影編號格式錯誤').waitFor();
    await page.getByLabel('錄影編號').fill(impersonatedId);
    await page.getByRole('button', { name: '篩選' }).click();
    await page.waitForURL(new RegExp(`session=${impersonatedId}`));
    await expect
      .poll(async () => {
        const texts = await reads.locator('tbody tr').allTextContents();
        return (
          texts.length > 0 && texts.every((t) => t.includes(impersonatedId) && !t.includes(agent.user.email))
        );
      })
      .toBe(true);

    // The impersonation that made the marked recording: minted by this admin, then used.
    await page.getByRole('tab', { name: '代入學員' }).click();
    const impersonations = page
      .getByTestId('audit-impersonation')
      .locator('tbody tr')
      .filter({ hasText: viewed.id });
    await impersonations.filter({ hasText: '產生代入連結' }).first().waitFor();
    await impersonations.filter({ hasText: '使用代入連結' }).first().waitFor();
    expect(await impersonations.first().textContent()).toContain(admin.user.id);
    await expectAccessible(page, 'impersonation audit');

    await page.getByRole('tab', { name: '社群變更' }).click();
    await page.getByTestId('audit-changes').waitFor();
  });
});
