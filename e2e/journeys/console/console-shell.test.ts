import { createTestUser } from '@atrium/server/test/create-test-user';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { signInToConsole } from '../../support/console.ts';
import { useJourney } from '../../support/journey.ts';
import { openBrowser } from '../../support/portal.ts';

describe('the console shell', () => {
  const journey = useJourney();

  it('signs an agent in, shows the navigation, and remembers English across a reload', async () => {
    const { page, context, cspViolations } = await signInToConsole(journey.browser, journey.server);
    expect(new URL(page.url()).pathname).toMatch(/^\/console\/?$/);
    await expect(
      page.getByRole('navigation', { name: '主控台導覽' }).getByRole('link', { name: '總覽' }).isVisible(),
    ).resolves.toBe(true);
    expect(await page.getByTestId('signed-in-as').textContent()).toContain('客服');
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible(page, `console home at ${width} px`);
    }

    await page.getByTestId('language-switch').selectOption('en');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it("says so, with a reload, when a screen's code cannot be loaded, and keeps the navigation", async () => {
    const { page, context } = await signInToConsole(journey.browser, journey.server);
    // The community's screens do not arrive (offline, or the console updated since the page opened).
    await page.route(/\/console\/assets\/screens-[^/]+\.js$/, (route) => route.abort());
    const nav = page.getByRole('navigation', { name: '主控台導覽' });
    await nav.getByRole('link', { name: '課程管理' }).click();
    await page.getByTestId('screen-load-error').getByText('這個畫面無法載入').waitFor();
    await nav.getByRole('link', { name: '總覽' }).click();
    await page.getByRole('heading', { name: '總覽' }).waitFor();
    // Back online, the reload brings the screen.
    await page.unroute(/\/console\/assets\/screens-[^/]+\.js$/);
    await nav.getByRole('link', { name: '課程管理' }).click();
    await page.getByTestId('screen-load-error').getByRole('button', { name: '重新載入' }).click();
    await page.getByRole('heading', { name: '課程管理' }).waitFor();
    await context.close();
  });

  it('opened by its address, a screen shows the console around it and says it is loading until its code is in', async () => {
    const { page, context } = await signInToConsole(journey.browser, journey.server);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/console\/assets\/issues-page-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const opened = page.goto('/console/issues');
    await page.getByTestId('screen-loading').waitFor();
    expect(await page.getByRole('navigation', { name: '主控台導覽' }).isVisible()).toBe(true);
    release();
    await opened;
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByTestId('screen-loading').count()).toBe(0);
    expect(warnings.filter((w) => w.includes('HydrateFallback'))).toEqual([]);
    await context.close();
  });

  it("says what is wrong with a form value in the console's language, zh-TW or English (issue 23)", async () => {
    const { page, context } = await signInToConsole(journey.browser, journey.server, {
      role: 'admin',
      path: '/console/impersonation',
    });
    await page.getByLabel('電子郵件').fill('learner@example.test');
    await page.getByLabel('時限（分鐘）').fill('61');
    await page.getByRole('button', { name: '產生連結' }).click();
    await page.getByText('不可大於 60').waitFor();
    await page.getByLabel('時限（分鐘）').fill('1.5');
    await page.getByText('請輸入整數').waitFor();
    expect(await page.getByText(/Too big|Invalid input/).count()).toBe(0);

    await page.getByTestId('language-switch').selectOption('en');
    await page.getByLabel('Time limit (minutes)').fill('61');
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.getByText('Must be at most 60').waitFor();
    await context.close();
  });

  it('refuses a learner the console screens (and the server their calls)', async () => {
    const learner = await createTestUser(journey.server.app, { role: 'learner' });
    const { page, context } = await openBrowser(journey.browser, journey.server);
    await context.addCookies([{ name: 'token', value: learner.token, url: journey.server.baseUrl }]);
    await page.goto('/console/');
    await page.getByTestId('staff-only').waitFor();
    expect(await page.getByTestId('signed-in-as').count()).toBe(0);
    const status = await page.evaluate(async () => (await fetch('/v1/console/sessions')).status);
    expect(status).toBe(403);
    await expectAccessible(page, 'console refusal');
    await context.close();
  });

  it('sends a visitor without a session to the sign-in, keeping where they were going', async () => {
    const { page, context } = await openBrowser(journey.browser, journey.server);
    await page.goto('/console/somewhere?x=1');
    await page.waitForURL('**/console/login?redirect=*');
    await expectAccessible(page, 'console sign-in');
    await context.close();
  });
});
