import { describe, expect, it } from 'vitest';
import { useJourney } from '../../support/journey.ts';
import { openBrowser, toastVariant, uniqueEmail } from '../../support/portal.ts';

// Its own server: the per-IP counters must start at zero and must not spill into other journeys.
describe('rate limits', () => {
  const journey = useJourney();

  it('shows the server message in a danger toast once too many sign-ins were tried', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    await page.goto('/login');
    await page.getByLabel('電子郵件').fill(uniqueEmail('guesser'));
    await page.getByLabel('密碼').fill('Guess1234');
    const submit = page.getByRole('button', { name: '登入', exact: true });
    let status = 0;
    for (let attempt = 0; attempt < 30 && status !== 429; attempt += 1) {
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/v1/user/login')),
        submit.click(),
      ]);
      status = response.status();
      if (status !== 429) await expect.poll(() => submit.isEnabled()).toBe(true);
    }
    expect(status).toBe(429);
    expect(await toastVariant(page, '嘗試次數過多')).toBe('danger');
    const text = await page.getByTestId('toast').filter({ hasText: '嘗試次數過多' }).first().textContent();
    expect(text).toMatch(/請於 \d+ 秒後再試/);
    await context.close();
  });
});
