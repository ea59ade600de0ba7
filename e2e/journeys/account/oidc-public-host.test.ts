import { startOidcProvider, type TestOidcProvider } from '@atrium/server/test/oidc-test-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { useJourney } from '../../support/journey.ts';
import { openBrowser } from '../../support/portal.ts';
import { freePort, startServerAtPublicUrl } from '../../support/server-at-public-url.ts';

/**
 * Issue 23: the portal opened at another name of the same server (localhost while PUBLIC_URL says 127.0.0.1)
 * started the provider's sign-in there; the provider came back to the PUBLIC_URL host, where the flow's cookie
 * is not, and the learner read 「登入連結已失效或遭竄改」. Now the portal moves to the PUBLIC_URL host first.
 */
describe('third-party sign-in from another host name than PUBLIC_URL', () => {
  let idp: TestOidcProvider | undefined;
  let port = 0;
  const journey = useJourney({
    start: async () => {
      port = await freePort();
      idp = await startOidcProvider({
        redirectUris: [`http://127.0.0.1:${port}/testidcallback`],
        accounts: { visitor: { email: 'visitor@example.test', email_verified: true, name: '訪客' } },
      });
      return startServerAtPublicUrl(port, {
        RATE_LIMIT_DISABLED: 'true',
        OIDC_PROVIDERS: idp.envValue('testid', 'Test ID'),
      });
    },
  });
  afterAll(async () => idp?.close());

  it('moves to the PUBLIC_URL host before it starts, and the sign-in then succeeds', async () => {
    const { page, context } = await openBrowser(journey.browser, journey.server);
    await page.goto(`http://localhost:${port}/login`);
    await page.getByRole('button', { name: '使用 Test ID 登入' }).click();
    await page.waitForURL(`http://127.0.0.1:${port}/login`);
    await page.getByRole('button', { name: '使用 Test ID 登入' }).click();
    await page.locator('input[name="login"]').fill('visitor');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/dashboard/);
    expect(new URL(page.url()).host).toBe(`127.0.0.1:${port}`);
    await context.close();
  });
});
