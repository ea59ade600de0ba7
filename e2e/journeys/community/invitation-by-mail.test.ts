import { trainingClasses } from '@atrium/server/db/schema';
import { createTestUser } from '@atrium/server/test/create-test-user';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { linkIn } from '../../support/mail.ts';
import { openBrowser, openVerifyLink, PASSWORD, uniqueEmail } from '../../support/portal.ts';

const CLASS_NAME = '邀請制讀書會 第 1 期';

/**
 * Issue 23 (ADR 0063): staff invite an address with no account from the console's members panel; the invitation
 * mail's link opens the portal's sign-up with the class named and the address filled in; once the person signs up
 * and verifies that address the class is theirs in the portal, and the console shows the invitation used.
 */
describe('an invitation from the mail to an enrolled learner', () => {
  const journey = useJourney();
  const email = uniqueEmail('invitee');
  let admin: Page;
  let classId = '';

  beforeAll(async () => {
    // One published class is all this needs (the demo community's seed costs seconds).
    const [cls] = await journey.server.app.db
      .insert(trainingClasses)
      .values({ name: CLASS_NAME, published: true })
      .returning({ id: trainingClasses.id });
    classId = cls!.id;
    // Staff sign-in has journeys of its own: here the admin's session is opened on the server.
    const staff = await createTestUser(journey.server.app, { role: 'admin', nickname: '營運小組' });
    const opened = await openBrowser(journey.browser, journey.server);
    await opened.context.addCookies([{ name: 'token', value: staff.token, url: journey.server.baseUrl }]);
    admin = opened.page;
  });

  it('staff invite an unknown address; it is listed as awaiting sign-up', async () => {
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto(`/console/classes/${classId}`);
    await admin.getByRole('tab', { name: '學員' }).click();
    await admin.getByLabel('以 e-mail 加入學員').fill(email);
    await admin.getByRole('button', { name: '新增', exact: true }).click();
    const report = admin.getByTestId('member-report');
    await report.getByText('已寄出 1 封邀請').waitFor();
    expect(await report.locator('tbody tr').allTextContents()).toEqual([`1${email}尚無帳號，已寄出邀請`]);
    const invitations = admin.getByTestId('invitation-table');
    await invitations.getByRole('row').filter({ hasText: email }).getByText('等待註冊').waitFor();
    await expectAccessible(admin, 'console members with an invitation (1280)');
    await admin.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(admin, 'console members with an invitation (375)');
    await admin.setViewportSize({ width: 1280, height: 900 });
  });

  it('the mailed link leads to sign-up; after verifying that address the class is in the portal', async () => {
    const mail = await journey.server.smtp.waitForMail(email, (m) => m.subject.includes('邀請您加入課程'));
    expect(mail.subject).toBe(`【Atrium】邀請您加入課程「${CLASS_NAME}」`);
    const link = linkIn(mail, '/register');

    const { context, page } = await openBrowser(journey.browser, journey.server);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(journey.server.urlOnServer(link));
    const banner = page.getByTestId('invitation-banner');
    await banner.getByText(`「${CLASS_NAME}」`).waitFor();
    // The invited address is filled in: verifying it is what joins the class.
    await expect.poll(() => page.getByLabel('電子郵件').inputValue()).toBe(email);
    await expectAccessible(page, '/register from an invitation (375)');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectAccessible(page, '/register from an invitation (1280)');

    await page.getByLabel('暱稱').fill('受邀小安');
    await page.getByLabel('密碼', { exact: true }).fill(PASSWORD);
    await page.getByLabel('確認密碼').fill(PASSWORD);
    await page.getByRole('button', { name: '註冊' }).click();
    await page.waitForURL('**/register/verify');
    const verify = await journey.server.smtp.waitForMail(email, (m) =>
      m.subject.includes('驗證您的電子郵件'),
    );
    await openVerifyLink(page, journey.server, linkIn(verify, '/register/verify'), '受邀小安');

    await page.goto('/training');
    await page.getByText(CLASS_NAME).first().waitFor();
    // The link has done its work: opened again it says so, in zh-TW.
    await page.goto(journey.server.urlOnServer(link));
    await page.getByTestId('invitation-banner').getByText('這份邀請已經使用過，請直接登入').waitFor();

    await admin.reload();
    await admin.getByRole('tab', { name: '學員' }).click();
    await admin.getByTestId('member-table').getByText(email).waitFor();
    await admin
      .getByTestId('invitation-table')
      .getByRole('row')
      .filter({ hasText: email })
      .getByText('已加入')
      .waitFor();
    await context.close();
  });
});
