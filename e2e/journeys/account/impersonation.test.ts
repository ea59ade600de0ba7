import { describe, expect, it } from 'vitest';
import { useJourney } from '../../support/journey.ts';
import { openBrowser, signedUpUser } from '../../support/portal.ts';

describe('impersonation through h_use_this_user_token and h_time_limit', () => {
  const journey = useJourney();

  it('uses the supplied token with a countdown, then restores the original one for 60 days', async () => {
    // The other user's token, as a support tool would hand it over.
    const other = await openBrowser(journey.browser, journey.server);
    await signedUpUser(other.page, journey.server, '被代理');
    const otherToken = (await other.context.cookies()).find((c) => c.name === 'token')?.value;
    expect(otherToken).toBeTruthy();
    await other.context.close();

    const { context, page } = await openBrowser(journey.browser, journey.server);
    await signedUpUser(page, journey.server, '原本的人');
    const ownToken = (await context.cookies()).find((c) => c.name === 'token')?.value;

    await page.goto(`/dashboard?h_use_this_user_token=${otherToken}&h_time_limit=10`);
    await page.getByTestId('greeting').filter({ hasText: '被代理' }).waitFor();
    // The borrowed token does not stay in the address bar.
    expect(page.url()).toBe(`${journey.server.baseUrl}/dashboard`);
    const banner = page.getByTestId('impersonation-banner');
    expect(await banner.textContent()).toMatch(/剩餘 ([1-9]|10) 秒/);
    expect(await page.evaluate(() => localStorage.getItem('original_token'))).toBe(ownToken);

    // At the limit the page reloads as the original user.
    await page.getByTestId('greeting').filter({ hasText: '原本的人' }).waitFor({ timeout: 25_000 });
    await banner.waitFor({ state: 'detached' });
    const restored = (await context.cookies()).find((c) => c.name === 'token');
    expect(restored?.value).toBe(ownToken);
    const days = ((restored?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59.9);
    expect(days).toBeLessThanOrEqual(60);
    expect(await page.evaluate(() => localStorage.getItem('original_token'))).toBeNull();
    await context.close();
  });

  it('returns to the original identity on demand', async () => {
    const other = await openBrowser(journey.browser, journey.server);
    await signedUpUser(other.page, journey.server, '另一位');
    const otherToken = (await other.context.cookies()).find((c) => c.name === 'token')?.value;
    await other.context.close();

    const { context, page } = await openBrowser(journey.browser, journey.server);
    await signedUpUser(page, journey.server, '我自己');
    await page.goto(`/dashboard?h_use_this_user_token=${otherToken}&h_time_limit=600`);
    await page.getByTestId('greeting').filter({ hasText: '另一位' }).waitFor();
    await page.getByRole('button', { name: '返回原身分' }).click();
    await page.getByTestId('greeting').filter({ hasText: '我自己' }).waitFor();
    await context.close();
  });
});
