import { databaseKinds } from '@atrium/server/test/test-databases';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { codeIn } from '../../support/mail.ts';
import {
  openBrowser,
  openVerifyLink,
  PASSWORD,
  signedUpUser,
  signOut,
  signUp,
  submitLogin,
  toastVariant,
  uniqueEmail,
} from '../../support/portal.ts';
import { startTestServer } from '../../support/server.ts';

describe.each(databaseKinds)('sign-up, sign-in and sign-out (%s)', (kind) => {
  const journey = useJourney({ start: () => startTestServer(kind) });

  it('signs up, verifies by the mailed link, lands on the dashboard and signs out through the modal', async () => {
    const { context, page, cspViolations } = await openBrowser(journey.browser, journey.server);
    const email = uniqueEmail();
    await page.goto('/register');
    await expectAccessible(page, '/register');
    const link = await signUp(page, journey.server, email, '小安');
    expect(await page.getByTestId('sent').textContent()).toContain(email);
    await expectAccessible(page, '/register/verify (mail sent)');

    await openVerifyLink(page, journey.server, link, '小安');
    // The session is real: the entry check answers with this user.
    const entry = await page.evaluate(async () => (await fetch('/v1/entry')).json());
    expect(entry.user.email).toBe(email);
    await expectAccessible(page, '/dashboard');

    // The navigation bar has exactly the spec's entries; sign-out is in the user side menu (issue 23).
    expect(
      await page.getByRole('navigation', { name: '主選單' }).getByRole('button', { name: '登出' }).count(),
    ).toBe(0);
    await page.getByTestId('nav-avatar').click();
    await page
      .getByRole('complementary', { name: '使用者選單' })
      .getByRole('button', { name: '登出', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: '確認登出' });
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toContain('是否確認登出？');
    await expectAccessible(page, 'logout modal');
    await dialog.getByRole('button', { name: '登出' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|;\s*)token=/);

    // Signed out for real: the dashboard sends the user back to sign-in.
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    // The production build runs under the server's CSP (script-src 'self', no inline scripts).
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it('signs a known browser straight in, and asks a new browser for the mailed code', async () => {
    const first = await openBrowser(journey.browser, journey.server);
    const user = await signedUpUser(first.page, journey.server, '阿明');
    await signOut(first.page);
    await submitLogin(first.page, user.email, PASSWORD);
    await first.page.waitForURL('**/dashboard');
    await first.context.close();

    const second = await openBrowser(journey.browser, journey.server);
    await submitLogin(second.page, user.email, PASSWORD);
    await second.page.waitForURL('**/login/verify');
    // The URL changes before the router's transition renders the new screen: wait for the screen itself.
    await second.page.getByRole('heading', { name: '登入驗證' }).waitFor();
    expect(await second.page.getByRole('main').textContent()).toContain(user.email);
    await expectAccessible(second.page, '/login/verify');
    const mail = await journey.server.smtp.waitForMail(user.email, (m) => m.subject.includes('登入驗證碼'));
    await second.page.getByLabel('驗證碼').fill(codeIn(mail));
    await second.page.getByRole('button', { name: '驗證並登入' }).click();
    await second.page.waitForURL('**/dashboard');
    expect(await second.page.getByTestId('greeting').textContent()).toContain('阿明');
    await second.context.close();
  });

  it('shows the server message in a warning toast for a wrong password', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    const user = await signedUpUser(page, journey.server, '小華');
    await signOut(page);
    await submitLogin(page, user.email, 'Wrong1234');
    expect(await toastVariant(page, '帳號或密碼錯誤')).toBe('warning');
    expect(page.url()).toContain('/login');
    await context.close();
  });

  it('brings the user back to the page the session gate saved after sign-in', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    const user = await signedUpUser(page, journey.server, '小美');
    await signOut(page);
    await page.goto('/dashboard?tab=1');
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel('電子郵件').fill(user.email);
    await page.getByLabel('密碼').fill(PASSWORD);
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await page.waitForURL('**/dashboard?tab=1');
    await context.close();
  });
});
