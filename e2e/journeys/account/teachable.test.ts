import { createTestUser } from '@atrium/server/test/create-test-user';
import { startTeachableServer } from '@atrium/server/test/teachable-test-server';
import { afterAll, describe, expect, it } from 'vitest';
import { useJourney } from '../../support/journey.ts';
import { openBrowser, toastVariant } from '../../support/portal.ts';
import { freePort, startServerAtPublicUrl } from '../../support/server-at-public-url.ts';

const alice = {
  id: 701,
  email: 'alice@school.example',
  name: 'Alice',
  courses: [
    { id: 31, name: '影片剪輯入門', image_url: null, percent_complete: 40 },
    { id: 32, name: '攝影基礎', image_url: null, percent_complete: 100 },
  ],
};
const bob = { id: 702, email: 'bob@school.example', name: 'Bob', courses: [] };

/** The external course platform (spec 1 §2 bind modal, §3, §7; ADR 0037) against a local Teachable. */
describe('Teachable: bind modal, sign-in and registered courses', () => {
  let teachable: Awaited<ReturnType<typeof startTeachableServer>> | undefined;
  const journey = useJourney({
    start: async () => {
      teachable = await startTeachableServer({ users: [alice, bob] });
      return startServerAtPublicUrl(await freePort(), { RATE_LIMIT_DISABLED: 'true', ...teachable.env });
    },
  });
  afterAll(async () => teachable?.close());

  it('asks a learner without a bound account to bind one, then lists the courses', async () => {
    const learner = await createTestUser(journey.server.app, { nickname: '課程學員' });
    const { context, page } = await openBrowser(journey.browser, journey.server);
    await context.addCookies([{ name: 'token', value: learner.token, url: journey.server.baseUrl }]);
    await page.goto('/user/courses');
    const modal = page.getByTestId('bind-modal');
    await modal.waitFor();
    // Static: neither the keyboard nor the backdrop closes it.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await modal.isVisible()).toBe(true);

    await modal.getByRole('button', { name: '綁定 Teachable 帳號' }).click();
    await page.waitForURL(/\/identity\/oauth_provider\/authorize/);
    await page.getByLabel('Email').fill(alice.email);
    await page.getByRole('button', { name: 'Authorize' }).click();

    await page.waitForURL('**/user/courses');
    const list = page.getByTestId('course-list');
    await list.getByRole('link', { name: '影片剪輯入門' }).waitFor();
    expect(await list.getByRole('link', { name: '影片剪輯入門' }).getAttribute('href')).toBe(
      `${teachable!.base}/school/courses/enrolled/31`,
    );
    expect(await list.getByRole('progressbar').first().getAttribute('aria-valuenow')).toBe('40');
    await page.getByTestId('bind-modal').waitFor({ state: 'detached' });
    // The stored redirect values were used and forgotten.
    expect(await page.evaluate(() => localStorage.getItem('redirect_route'))).toBeNull();
    await context.close();
  });

  it('signs the bound learner in through Teachable and refuses an unbound Teachable account', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    await page.goto('/login');
    await page.getByRole('button', { name: '使用 Teachable 登入' }).click();
    await page.getByLabel('Email').fill(alice.email);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL('**/user/courses');
    await page.getByTestId('course-list').getByText('攝影基礎').waitFor();
    await context.close();

    const stranger = await openBrowser(journey.browser, journey.server);
    await stranger.page.goto('/login');
    await stranger.page.getByRole('button', { name: '使用 Teachable 登入' }).click();
    await stranger.page.getByLabel('Email').fill(bob.email);
    await stranger.page.getByRole('button', { name: 'Authorize' }).click();
    await stranger.page
      .getByTestId('course-platform-error')
      .filter({ hasText: '這個課程平台帳號尚未綁定' })
      .waitFor();
    expect((await stranger.context.cookies()).some((c) => c.name === 'token')).toBe(false);
    await stranger.context.close();
  });

  it('names the binding Teachable on the profile and lets the learner unbind it (issue 23)', async () => {
    const learner = await createTestUser(journey.server.app, { nickname: '解除綁定的學員' });
    const { context, page } = await openBrowser(journey.browser, journey.server);
    await context.addCookies([{ name: 'token', value: learner.token, url: journey.server.baseUrl }]);
    await page.goto('/user/courses');
    await page.getByTestId('bind-modal').getByRole('button', { name: '綁定 Teachable 帳號' }).click();
    await page.getByLabel('Email').fill(bob.email);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL('**/user/courses');

    await page.goto('/user');
    const linked = page.getByTestId('thirdparty');
    await linked.getByText(`Teachable：${bob.email}`, { exact: true }).waitFor();
    expect(await linked.getByText(`teachable：${bob.email}`, { exact: true }).count()).toBe(0);
    await linked.getByRole('button', { name: '解除連結 Teachable' }).click();
    expect(await toastVariant(page, '已解除連結')).toBe('success');
    await linked.getByText(`Teachable：${bob.email}`, { exact: true }).waitFor({ state: 'detached' });
    await context.close();
  });
});
