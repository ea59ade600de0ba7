import { users } from '@atrium/server/db/schema';
import { createTestUser } from '@atrium/server/test/create-test-user';
import { startOidcProvider, type TestOidcProvider } from '@atrium/server/test/oidc-test-provider';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useJourney } from '../../support/journey.ts';
import { codeIn } from '../../support/mail.ts';
import { openBrowser } from '../../support/portal.ts';
import { freePort, startServerAtPublicUrl } from '../../support/server-at-public-url.ts';

/**
 * Third-party sign-in (spec 1 §1, §2; ADR 0036) in Chromium against a real OpenID provider (oidc-provider,
 * its development sign-in and consent screens) on a random local port.
 */
describe('sign-in through an OpenID provider', () => {
  let idp: TestOidcProvider | undefined;
  const journey = useJourney({
    start: async () => {
      const port = await freePort();
      idp = await startOidcProvider({
        redirectUris: [`http://127.0.0.1:${port}/testidcallback`],
        accounts: {
          newbie: { email: 'newbie@example.test', email_verified: true, name: '新朋友' },
          owner: { email: 'owner@example.test', email_verified: true },
          squatter: { email: 'victim@example.test', email_verified: false },
          nobody: { email: 'nobody@example.test', email_verified: false },
        },
      });
      return startServerAtPublicUrl(port, {
        RATE_LIMIT_DISABLED: 'true',
        OIDC_PROVIDERS: idp.envValue('testid', 'Test ID'),
      });
    },
  });
  afterAll(async () => idp?.close());

  /** From /login through the provider's screens as `login`; `tamper` rewrites the state on the way back. */
  async function signInWithProvider(login: string, opts: { tamper?: boolean } = {}): Promise<Page> {
    const { page } = await openBrowser(journey.browser, journey.server);
    if (opts.tamper) {
      // The provider's answer reaches the server with another state, as a forged callback link would.
      await page.route('**/v1/oidc/testid/callback', async (route) => {
        const body = route.request().postDataJSON() as { search: string };
        const search = body.search.replace(/state=[^&]+/, 'state=forged');
        await route.continue({ postData: JSON.stringify({ search }) });
      });
    }
    await page.goto('/login');
    await page.getByRole('button', { name: '使用 Test ID 登入' }).click();
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/testidcallback|\/dashboard/);
    return page;
  }

  it('creates an account for a new person and opens the dashboard', async () => {
    const page = await signInWithProvider('newbie');
    await page.getByTestId('greeting').filter({ hasText: '新朋友' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.goto('/user');
    await page.getByTestId('thirdparty').getByText('Test ID：newbie@example.test').waitFor();
  });

  it('signs in to the existing account whose e-mail the provider verified', async () => {
    const owner = await createTestUser(journey.server.app, { nickname: '原本的主人' });
    await journey.server.app.db
      .update(users)
      .set({ email: 'owner@example.test' })
      .where(eq(users.id, owner.id));
    const page = await signInWithProvider('owner');
    await page.getByTestId('greeting').filter({ hasText: '原本的主人' }).waitFor();
  });

  it('asks for the password and the mailed code when the provider did not verify the e-mail, and refuses a new account', async () => {
    const victim = await createTestUser(journey.server.app, { nickname: '帳號主人' });
    await journey.server.app.db
      .update(users)
      .set({ email: 'victim@example.test' })
      .where(eq(users.id, victim.id));
    const page = await signInWithProvider('squatter');
    await page.getByText('第三方服務沒有驗證這個電子郵件').waitFor();
    await page.getByLabel('密碼').fill('WrongPass1');
    await page.getByRole('button', { name: '確認並連結' }).click();
    await page.getByTestId('toast').filter({ hasText: '密碼不正確' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/testidcallback');
    await page.getByLabel('密碼').fill(victim.password);
    await page.getByRole('button', { name: '確認並連結' }).click();
    // The password alone does not sign in: the owner's mailbox gets a code (ADR 0043).
    await page.getByText('我們已將 6 位數驗證碼寄到 victim@example.test').waitFor();
    const mail = await journey.server.smtp.waitForMail('victim@example.test', (m) =>
      m.subject.includes('連結 Test ID 登入的驗證碼'),
    );
    await page.getByLabel('驗證碼').fill(codeIn(mail));
    await page.getByRole('button', { name: '驗證並連結' }).click();
    await page.getByTestId('greeting').filter({ hasText: '帳號主人' }).waitFor();
    await journey.server.smtp.waitForMail('victim@example.test', (m) => m.subject.includes('已連結 Test ID'));

    const stranger = await signInWithProvider('nobody');
    await stranger.getByTestId('oidc-error').filter({ hasText: '第三方帳號的電子郵件尚未驗證' }).waitFor();
    const rows = await journey.server.app.db
      .select()
      .from(users)
      .where(eq(users.email, 'nobody@example.test'));
    expect(rows).toEqual([]);
  });

  it('refuses a tampered state and stays put with a way back to /login', async () => {
    const page = await signInWithProvider('newbie', { tamper: true });
    const left: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest() && !r.url().startsWith(journey.server.baseUrl)) left.push(r.url());
    });
    await page.getByTestId('oidc-error').filter({ hasText: '登入連結已失效或遭竄改' }).waitFor();
    // No loop: the page does not go back to the provider by itself. Rather than a fixed wait: what the error's
    // render set off has run by the next frame and task, and until the user's way back below nothing left.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
    expect(new URL(page.url()).pathname).toBe('/testidcallback');
    expect((await page.context().cookies()).some((c) => c.name === 'token')).toBe(false);
    await page.getByRole('link', { name: '返回登入頁' }).click();
    await page.waitForURL(/\/login$/);
    expect(left).toEqual([]);
  });

  it('links the provider from the profile and unlinks it again', async () => {
    const learner = await createTestUser(journey.server.app, { nickname: '想連結的人' });
    const { context, page } = await openBrowser(journey.browser, journey.server);
    await context.addCookies([{ name: 'token', value: learner.token, url: journey.server.baseUrl }]);
    await page.goto('/user');
    const section = page.getByTestId('thirdparty');
    await section.getByRole('button', { name: '連結 Test ID' }).click();
    await page.locator('input[name="login"]').fill('linker');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/user$/);
    await page.getByTestId('toast').filter({ hasText: '已連結第三方帳號' }).waitFor();
    await section.getByText('Test ID：').waitFor();
    await section.getByRole('button', { name: '解除連結' }).click();
    await page.getByTestId('toast').filter({ hasText: '已解除連結' }).waitFor();
    await section.getByRole('button', { name: '連結 Test ID' }).waitFor();
    await context.close();
  });
});
