import { describe, expect, it } from 'vitest';
import { signInToConsole } from '../../support/console.ts';
import { useJourney } from '../../support/journey.ts';
import { openBrowser, signedUpUser } from '../../support/portal.ts';

describe('the live list names the learner and follows the page', () => {
  const journey = useJourney();

  it('shows the verified learner (name, e-mail), the page as the learner moves through the portal, time on page and tabs; search finds them', {
    timeout: 120_000,
  }, async () => {
    const staff = await signInToConsole(journey.browser, journey.server, { path: '/console/live' });
    await staff.page.getByRole('heading', { name: '線上學員' }).waitFor();
    const { context, page: learner } = await openBrowser(journey.browser, journey.server);
    const { email } = await signedUpUser(learner, journey.server, '小安');

    // The learner as the server recorded them, not a raw id.
    const row = staff.page.getByTestId('live-row').filter({ hasText: email });
    await row.getByRole('link', { name: '小安' }).waitFor({ timeout: 20_000 });
    /** The row's cell under the column headed `name` (columns come and go; their headings stay). */
    const cell = async (name: string) => {
      const headings = await staff.page.locator('thead th').allInnerTexts();
      return row.locator('td').nth(headings.findIndex((h) => h.trim() === name));
    };
    expect(await (await cell('分頁')).textContent()).toBe('1');
    expect(await (await cell('停留時間')).textContent()).toMatch(/^\d+:\d\d$/);

    // An in-app navigation (no reload, no visibility change) shows up with its title and address.
    await learner.evaluate(() => {
      history.pushState({}, '', '/user/courses');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await learner.getByRole('heading', { name: '我的課程' }).waitFor();
    await row.filter({ hasText: '我的課程' }).filter({ hasText: '/user/courses' }).waitFor();
    // Time on page starts again with the new page.
    expect(await (await cell('停留時間')).textContent()).toMatch(/^0:0\d$/);

    const search = staff.page.getByLabel('搜尋學員姓名、電子郵件、頁面或網址');
    for (const q of ['小安', email, '我的課程']) {
      await search.fill(q);
      await row.waitFor();
    }
    await search.fill('沒有這個人');
    await staff.page.getByText('目前沒有線上學員').waitFor();
    await context.close();
    await staff.context.close();
  });
});
