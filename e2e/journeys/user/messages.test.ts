import { createTestUser } from '@atrium/server/test/create-test-user';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { openBrowser, signedUpUser } from '../../support/portal.ts';

/** The badge's number, or 0 when it is hidden (nothing unread). */
async function badge(page: Page, where: 'nav' | 'side'): Promise<number> {
  const scope = where === 'nav' ? page.getByTestId('nav-bell') : page.getByRole('complementary');
  const el = scope.getByTestId('unread-badge');
  if ((await el.count()) === 0) return 0;
  // The screen-reader text carries the exact count (the visible one stops at 99+).
  const spoken = await el.locator('.visually-hidden').textContent();
  return Number(/^(\d+) 則未讀$/.exec(spoken ?? '')?.[1]);
}

// 5 s: well under the 30 s poll, so a passing check proves the refresh after read/unread is immediate.
const SOON = { timeout: 5000 };

async function expectBadges(page: Page, n: number) {
  await expect.poll(() => badge(page, 'nav'), SOON).toBe(n);
  await expect.poll(() => badge(page, 'side'), SOON).toBe(n);
}

describe('notification messages and the unread badge (/user/messages)', () => {
  const journey = useJourney();

  it('pages, filters, and marks messages read and unread, with the badge following at once', async () => {
    const { context, page, cspViolations } = await openBrowser(journey.browser, journey.server);
    await signedUpUser(page, journey.server, '小安');
    // Verifying the address sent the welcome message: one unread on the bell.
    await expect.poll(() => badge(page, 'nav'), SOON).toBe(1);

    // Staff send twelve more through the staff API.
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
          title: `課程公告 ${i}`,
          body: `第 ${i} 則內容`,
          category: 'training',
          link: '/training',
        },
      });
      expect(res.statusCode).toBe(201);
    }

    await page.getByTestId('nav-bell').click();
    await page.waitForURL('**/user/messages');
    await expectBadges(page, 13);
    const items = page.getByTestId('message');
    await expect.poll(() => items.count(), SOON).toBe(10);
    expect(await items.first().textContent()).toContain('課程公告 12');
    expect(await items.first().textContent()).toContain('直播課');
    await expectAccessible(page, '/user/messages');

    // Page 2 holds the rest, oldest last: the welcome message.
    await page.getByRole('navigation', { name: '訊息分頁' }).getByText('2', { exact: true }).click();
    await expect.poll(() => items.count(), SOON).toBe(3);
    expect(await items.last().textContent()).toContain('歡迎加入');

    // Read one: the badge drops at once, without waiting for the poll.
    await items
      .last()
      .getByRole('button', { name: /標為已讀/ })
      .click();
    await expectBadges(page, 12);
    await expect.poll(() => items.last().getAttribute('data-read'), SOON).toBe('1');
    await items
      .last()
      .getByRole('button', { name: /標為未讀/ })
      .click();
    await expectBadges(page, 13);

    // Filters: unread shows all 13 over two pages; read is empty until something is read.
    await page.getByRole('button', { name: '已讀', exact: true }).click();
    await page.getByTestId('messages-empty').waitFor();
    expect(await page.getByTestId('messages-empty').textContent()).toBe('沒有已讀的訊息');
    await expectAccessible(page, '/user/messages (read, empty)');
    await page.getByRole('button', { name: '未讀', exact: true }).click();
    await expect.poll(() => items.count(), SOON).toBe(10);
    await items
      .first()
      .getByRole('button', { name: /標為已讀/ })
      .click();
    await expectBadges(page, 12);

    // Mark all read: the badges disappear and the unread filter is empty.
    await page.getByRole('button', { name: '全部標為已讀' }).click();
    await expectBadges(page, 0);
    await page.getByTestId('messages-empty').waitFor();
    expect(await page.getByTestId('messages-empty').textContent()).toBe('沒有未讀的訊息');
    await page.getByRole('button', { name: '已讀', exact: true }).click();
    await expect.poll(() => items.count(), SOON).toBe(10);
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it('shows the empty state of the unread view once everything is read', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    await signedUpUser(page, journey.server, '小明');
    await page.goto('/user/messages');
    await page.getByTestId('message').first().waitFor();
    await page.getByRole('button', { name: '全部標為已讀' }).click();
    await expectBadges(page, 0);
    await page.getByRole('button', { name: '全部', exact: true }).click();
    await expect.poll(() => page.getByTestId('message').count(), SOON).toBe(1);
    // Read it, then the unread view is empty.
    await page.getByRole('button', { name: '未讀', exact: true }).click();
    await page.getByTestId('messages-empty').waitFor();
    await expectAccessible(page, '/user/messages (unread, empty)');
    await context.close();
  });

  it('polls the unread count, so a new message reaches the badge without a reload', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    await signedUpUser(page, journey.server, '小華');
    // A controllable clock from the next page load on, so the 30 s poll can be skipped ahead.
    await page.clock.install();
    await page.goto('/dashboard');
    await expect.poll(() => badge(page, 'nav'), SOON).toBe(1);

    const entry = await page.evaluate(async () => (await fetch('/v1/entry')).json());
    const staff = await createTestUser(journey.server.app, { role: 'admin' });
    const sent = await journey.server.app.inject({
      method: 'POST',
      url: '/v1/console/community/notifications',
      headers: staff.auth,
      payload: {
        audience: 'user',
        target_id: entry.user.id,
        title: '新任務上架',
        category: 'task',
        link: '/tasks/my',
      },
    });
    expect(sent.statusCode).toBe(201);
    // Nothing asks the server yet: the badge still shows 1 until the poll comes round.
    await page.clock.fastForward(5_000);
    expect(await badge(page, 'nav')).toBe(1);
    await page.clock.fastForward(30_000);
    await expect.poll(() => badge(page, 'nav'), SOON).toBe(2);
    await context.close();
  });
});
