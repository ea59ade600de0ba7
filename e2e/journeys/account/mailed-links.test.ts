import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { codeIn, linkIn } from '../../support/mail.ts';
import {
  openBrowser,
  PASSWORD,
  signedUpUser,
  signOut,
  signUp,
  submitLogin,
  toastVariant,
  uniqueEmail,
} from '../../support/portal.ts';

describe('mailed links: expiry, reuse, code entry, password reset and old accounts', () => {
  const journey = useJourney();

  it('refuses an expired verification link with the server message and offers a new mail', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    const email = uniqueEmail();
    const link = await signUp(page, journey.server, email, '過期');
    await journey.server.execute(
      `update verification_tokens set expires_at = now() - interval '1 minute'
       where user_id = (select id from users where email = '${email}')`,
    );
    await page.goto(journey.server.urlOnServer(link));
    expect(await toastVariant(page, '連結已過期')).toBe('warning');
    await page.getByTestId('verify-failed').waitFor();
    await expectAccessible(page, '/register/verify with an expired link');

    // The way out: a new mail from /register/send, whose link works.
    await page.getByRole('link', { name: '重新寄送驗證信' }).click();
    await page.waitForURL('**/register/send');
    await page.getByLabel('電子郵件').fill(email);
    await page.getByRole('button', { name: '寄送' }).click();
    await page.getByTestId('sent').waitFor();
    const mails = () => journey.server.smtp.inbox.filter((m) => m.to === email && m.subject.includes('驗證'));
    await expect.poll(() => mails().length).toBe(2);
    await page.goto(journey.server.urlOnServer(linkIn(mails()[1]!, '/register/verify')));
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('refuses a verification link used a second time', async () => {
    const first = await openBrowser(journey.browser, journey.server);
    const user = await signedUpUser(first.page, journey.server, '重用');
    await first.context.close();
    const second = await openBrowser(journey.browser, journey.server);
    await second.page.goto(journey.server.urlOnServer(user.link));
    expect(await toastVariant(second.page, '連結無效或已使用過')).toBe('warning');
    await second.page.getByTestId('verify-failed').waitFor();
    expect(second.page.url()).toContain('/register/verify');
    await second.context.close();
  });

  it('verifies with the e-mail and the mailed code instead of the link', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    const email = uniqueEmail();
    await signUp(page, journey.server, email, '驗證碼');
    const mail = await journey.server.smtp.waitForMail(email, (m) => m.subject.includes('驗證'));
    // The e-mail is already filled in from the sign-up.
    expect(await page.getByLabel('電子郵件').inputValue()).toBe(email);
    await page.getByLabel('驗證碼').fill(codeIn(mail));
    await page.getByRole('button', { name: '驗證', exact: true }).click();
    await page.waitForURL('**/dashboard');
    expect(await page.getByTestId('greeting').textContent()).toContain('驗證碼');
    await context.close();
  });

  it('resets a forgotten password by mail; the new one signs in and the old one no longer does', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    const user = await signedUpUser(page, journey.server, '重設');
    await signOut(page);

    await page.getByRole('link', { name: '忘記密碼？' }).click();
    await page.waitForURL('**/password/reset');
    await page.getByLabel('電子郵件').fill(user.email);
    await page.getByRole('button', { name: '寄送重設信' }).click();
    expect(await page.getByTestId('sent').textContent()).toContain(user.email);
    const mail = await journey.server.smtp.waitForMail(user.email, (m) => m.subject.includes('重設密碼'));

    await page.goto(journey.server.urlOnServer(linkIn(mail, '/password/reset')));
    await page.getByRole('heading', { name: '設定新密碼' }).waitFor();
    await page.getByLabel('新密碼').fill('Changed456');
    await page.getByLabel('確認密碼').fill('Changed456');
    await page.getByRole('button', { name: '更新密碼' }).click();
    await page.waitForURL('**/password/setting');
    await expectAccessible(page, '/password/setting');

    await submitLogin(page, user.email, PASSWORD);
    expect(await toastVariant(page, '帳號或密碼錯誤')).toBe('warning');
    await submitLogin(page, user.email, 'Changed456');
    // A reset forgets every known browser, so even this one proves the mailbox again.
    await page.waitForURL('**/login/verify');
    const code = await journey.server.smtp.waitForMail(user.email, (m) => m.subject.includes('登入驗證碼'));
    await page.getByLabel('驗證碼').fill(codeIn(code));
    await page.getByRole('button', { name: '驗證並登入' }).click();
    await page.waitForURL('**/dashboard');
    expect(await page.getByTestId('greeting').textContent()).toContain('重設');

    // The reset link is single-use.
    await page.goto(journey.server.urlOnServer(linkIn(mail, '/password/reset')));
    await page.getByLabel('新密碼').fill('Another789');
    await page.getByLabel('確認密碼').fill('Another789');
    await page.getByRole('button', { name: '更新密碼' }).click();
    expect(await toastVariant(page, '連結無效或已使用過')).toBe('warning');
    await page.getByTestId('reset-failed').getByRole('link', { name: '重新申請重設密碼' }).waitFor();
    await context.close();
  });

  it('lets an account from before the portal be claimed with a new password and nickname', async () => {
    const email = uniqueEmail('legacy');
    await journey.server.execute(
      `insert into users (email, legacy, nickname) values ('${email}', true, 'Old Name')`,
    );
    const { context, page } = await openBrowser(journey.browser, journey.server);
    await page.goto('/register/old-verify');
    await expectAccessible(page, '/register/old-verify');
    await page.getByLabel('電子郵件').fill(email);
    await page.getByRole('button', { name: '寄送啟用信' }).click();
    await page.getByTestId('sent').waitFor();
    const mail = await journey.server.smtp.waitForMail(email, (m) => m.subject.includes('啟用'));

    await page.goto(journey.server.urlOnServer(linkIn(mail, '/register/old-verify')));
    await page.getByRole('heading', { name: '設定密碼' }).waitFor();
    await page.getByLabel('暱稱').fill('新名字');
    await page.getByLabel('新密碼').fill('Claimed123');
    await page.getByLabel('確認密碼').fill('Claimed123');
    await page.getByRole('button', { name: '啟用帳號' }).click();
    await page.waitForURL('**/dashboard');
    expect(await page.getByTestId('greeting').textContent()).toContain('新名字');
    await context.close();
  });
});
