import { classMembers, trainingClasses, users } from '@atrium/server/db/schema';
import { createSession } from '@atrium/server/modules/account/create-session';
import { ensureAccount } from '@atrium/server/modules/account/ensure-account';
import { createTestUser } from '@atrium/server/test/create-test-user';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { linkIn } from '../../support/mail.ts';
import { openBrowser, toastVariant, uniqueEmail } from '../../support/portal.ts';

const CLASS_NAME = '週末攝影班 第 3 期';

/**
 * Issue 23 (ADR 0063): a broadcast the admin also sends by mail reaches a class member's mailbox with a one-click
 * unsubscribe; the link's page (no sign-in) asks first, then turns those mails off, and the learner's profile
 * switch shows it.
 */
describe('a broadcast by mail and its unsubscribe link', () => {
  const journey = useJourney();
  const email = uniqueEmail('member');
  let admin: Page;
  let token = '';

  beforeAll(async () => {
    const db = journey.server.app.db;
    const [cls] = await db
      .insert(trainingClasses)
      .values({ name: CLASS_NAME, published: true })
      .returning({ id: trainingClasses.id });
    await ensureAccount(db, { email, password: 'Learner123', nickname: '阿光', role: 'learner' });
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await db.insert(classMembers).values({ classId: cls!.id, userId: u!.id });
    token = (await createSession(db, { userId: u!.id, ttlDays: 1 })).token;
    // Staff sign-in has journeys of its own: here the admin's session is opened on the server.
    const staff = await createTestUser(journey.server.app, { role: 'admin', nickname: '營運小組' });
    const opened = await openBrowser(journey.browser, journey.server);
    await opened.context.addCookies([{ name: 'token', value: staff.token, url: journey.server.baseUrl }]);
    admin = opened.page;
  });

  it('the admin ticks "also by mail"; the member gets the mail and unsubscribes through its link', async () => {
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto('/console/notifications');
    const compose = admin.getByTestId('compose');
    await compose.getByLabel('課程', { exact: true }).selectOption({ label: CLASS_NAME });
    await compose.getByLabel('標題').fill('本週課程改到週四');
    await compose.getByLabel('同時以電子郵件寄送').check();
    await expectAccessible(admin, 'console compose with also by mail (1280)');
    await admin.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(admin, 'console compose with also by mail (375)');
    await compose.getByRole('button', { name: '發送' }).click();
    // Sending says so (issue 36).
    expect(await toastVariant(admin, '通知已發送給')).toBe('success');
    const row = admin.getByTestId('broadcast-table').getByRole('row').filter({ hasText: '本週課程改到週四' });
    await row.getByTestId('broadcast-mailed').waitFor();

    const mail = await journey.server.smtp.waitForMail(
      email,
      (m) => m.subject === '【Atrium】本週課程改到週四',
    );
    expect(mail.text).toContain('阿光 您好');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Opened without signing in, as from a mail client.
    const { context, page } = await openBrowser(journey.browser, journey.server);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(journey.server.urlOnServer(linkIn(mail, '/unsubscribe')));
    await page.getByRole('heading', { name: '取消訂閱課程公告信' }).waitFor();
    await expectAccessible(page, '/unsubscribe (375)');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectAccessible(page, '/unsubscribe (1280)');
    await page.getByRole('button', { name: '取消訂閱' }).click();
    expect(await page.getByTestId('unsubscribe-done').textContent()).toContain(email);

    // Signed in, the learner's profile shows the switch off, and can turn it back on.
    await context.addCookies([{ name: 'token', value: token, url: journey.server.baseUrl }]);
    await page.goto('/user');
    const box = page.getByRole('switch', { name: '以電子郵件接收課程公告' });
    await expect.poll(() => box.isEnabled()).toBe(true);
    expect(await box.isChecked()).toBe(false);
    await expectAccessible(page, '/user with the mail preference');
    await box.check();
    await expect
      .poll(
        async () =>
          (await page.evaluate(async () => (await fetch('/v1/user/mail-preferences')).json()))
            .class_announcements,
      )
      .toBe(true);
    await context.close();
  });
});
