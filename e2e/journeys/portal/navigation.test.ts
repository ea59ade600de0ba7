import { createTestUser } from '@atrium/server/test/create-test-user';
import { describe, expect, it } from 'vitest';
import { collectConsoleErrors } from '../../support/console-errors.ts';
import { useJourney } from '../../support/journey.ts';
import { openBrowser, signedUpUser, signOut } from '../../support/portal.ts';

describe('getting around the portal signed in', () => {
  const journey = useJourney();

  it('sends a signed-in learner from /login and from a mistyped address to the dashboard', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    const errors = collectConsoleErrors(page);
    await signedUpUser(page, journey.server, '小安');

    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.getByTestId('greeting').waitFor();

    await page.goto('/no-such-page');
    await page.waitForURL('**/dashboard');
    await page.getByTestId('greeting').waitFor();

    // A redirect the gate saved is honoured too.
    await page.goto('/login?redirect=%2Ftasks%2Fmy');
    await page.waitForURL('**/tasks/my');

    // Signing out lands on the form, with no React error on the way.
    await signOut(page);
    await page.getByRole('button', { name: '登入', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the unread count on the collapsed phone bar and names the menu button in zh-TW', async () => {
    const context = await journey.browser.newContext({
      baseURL: journey.server.baseUrl,
      locale: 'zh-TW',
      viewport: { width: 375, height: 740 },
    });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    // Verifying the address sends the welcome message: one unread.
    await signedUpUser(page, journey.server, '小安');

    const toggle = page.getByRole('button', { name: '切換選單' });
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).not.toBe('true');
    const compactBell = page.getByTestId('nav-bell-compact');
    expect(await compactBell.isVisible()).toBe(true);
    const badge = compactBell.getByTestId('unread-badge');
    await badge.waitFor({ state: 'visible' });
    expect(await badge.locator('.visually-hidden').textContent()).toBe('1 則未讀');
    // Its accessible name is the word and the count, in zh-TW.
    expect(await page.getByRole('link', { name: '通知訊息 1 則未讀' }).first().isVisible()).toBe(true);

    await compactBell.click();
    await page.waitForURL('**/user/messages');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names message pagination in zh-TW', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    const errors = collectConsoleErrors(page);
    await signedUpUser(page, journey.server, '小安');
    const entry = await page.evaluate(async () => (await fetch('/v1/entry')).json());
    const staff = await createTestUser(journey.server.app, { role: 'admin' });
    for (let i = 1; i <= 12; i++) {
      const res = await journey.server.app.inject({
        method: 'POST',
        url: '/v1/console/community/notifications',
        headers: staff.auth,
        payload: {
          audience: 'user',
          target_id: entry.user.id,
          title: `公告 ${i}`,
          body: `內容 ${i}`,
          category: 'training',
        },
      });
      expect(res.statusCode).toBe(201);
    }
    await page.goto('/user/messages');
    const pager = page.getByRole('navigation', { name: '訊息分頁' });
    await pager.waitFor();
    // The whole text, screen-reader-only parts included.
    expect(await pager.textContent()).not.toMatch(/Previous|Next|current/);
    expect(await pager.getByText('（目前頁面）').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
