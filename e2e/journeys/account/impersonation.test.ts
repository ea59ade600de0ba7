import { ingestSessions } from '@atrium/server/db/schema';
import { createTestUser } from '@atrium/server/test/create-test-user';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInToConsole } from '../../support/console.ts';
import { useJourney } from '../../support/journey.ts';
import { openBrowser, signedUpUser } from '../../support/portal.ts';

const tokenOf = async (context: { cookies: () => Promise<{ name: string; value: string }[]> }) =>
  (await context.cookies()).find((c) => c.name === 'token')?.value;

describe('impersonation: minted in the console, honoured by the portal (spec 1 §4, ADR 0035)', () => {
  const journey = useJourney();

  it('goes from the console to the portal as the learner and back to the admin', async () => {
    const learner = await createTestUser(journey.server.app, { nickname: '被檢視的學員' });
    const admin = await signInToConsole(journey.browser, journey.server, {
      role: 'admin',
      nickname: '管理員小林',
      path: '/console/impersonation',
    });
    const adminToken = await tokenOf(admin.context);
    await admin.page.getByLabel('電子郵件').fill(learner.email);
    await admin.page.getByLabel('時限（分鐘）').fill('5');
    await admin.page.getByRole('button', { name: '產生連結' }).click();
    const [portal] = await Promise.all([
      admin.context.waitForEvent('page'),
      admin.page.getByText('以學員身分開啟入口').click(),
    ]);
    await portal.getByTestId('greeting').filter({ hasText: '被檢視的學員' }).waitFor();
    expect(new URL(portal.url()).search).toBe('');
    expect(await portal.getByTestId('impersonation-banner').textContent()).toMatch(/剩餘 (29\d|300) 秒/);
    expect(await portal.evaluate(() => localStorage.getItem('original_token'))).toBe(adminToken);

    // What the admin does meanwhile is recorded as an impersonated visit, not as the learner's own.
    await expect
      .poll(
        async () =>
          (
            await journey.server.app.db
              .select({ impersonated: ingestSessions.impersonated })
              .from(ingestSessions)
              .where(eq(ingestSessions.userId, learner.id))
          ).map((row) => row.impersonated),
        { timeout: 20_000, interval: 500 },
      )
      .toContain(true);

    // The borrowed session cannot change the learner's password.
    await portal.goto('/user/password');
    await portal.getByLabel('舊密碼').fill(learner.password);
    await portal.getByLabel('新密碼').fill('Changed123');
    await portal.getByLabel('確認密碼').fill('Changed123');
    await portal.getByRole('button', { name: '更新密碼' }).click();
    await portal.getByText('代為檢視時不能變更密碼').waitFor();

    await portal.getByRole('button', { name: '返回原身分' }).click();
    await portal.getByTestId('impersonation-banner').waitFor({ state: 'detached' });
    await portal.goto('/dashboard');
    await portal.getByTestId('greeting').filter({ hasText: '管理員小林' }).waitFor();
    expect(await tokenOf(admin.context)).toBe(adminToken);
    await admin.page.goto('/console/');
    await admin.page.getByTestId('signed-in-as').waitFor();
    await admin.context.close();
  });

  it('signing out while viewing as a learner signs the admin out too, with nothing left to restore', async () => {
    const learner = await createTestUser(journey.server.app, { nickname: '登出時的學員' });
    const admin = await signInToConsole(journey.browser, journey.server, {
      role: 'admin',
      nickname: '管理員阿芳',
      path: '/console/impersonation',
    });
    await admin.page.getByLabel('電子郵件').fill(learner.email);
    await admin.page.getByLabel('時限（分鐘）').fill('5');
    await admin.page.getByRole('button', { name: '產生連結' }).click();
    const [portal] = await Promise.all([
      admin.context.waitForEvent('page'),
      admin.page.getByText('以學員身分開啟入口').click(),
    ]);
    await portal.getByTestId('greeting').filter({ hasText: '登出時的學員' }).waitFor();
    const adminToken = await portal.evaluate(() => localStorage.getItem('original_token'));
    expect(adminToken).toBeTruthy();

    await portal.getByTestId('nav-avatar').click();
    await portal
      .getByRole('complementary', { name: '使用者選單' })
      .getByRole('button', { name: '登出', exact: true })
      .click();
    await portal.getByRole('dialog', { name: '確認登出' }).getByRole('button', { name: '登出' }).click();
    await portal.waitForURL('**/login');
    // No 返回原身分 is offered, and the admin's token the browser held no longer signs anyone in.
    await portal.getByTestId('impersonation-banner').waitFor({ state: 'detached' });
    expect(await portal.evaluate(() => localStorage.getItem('original_token'))).toBeNull();
    const entry = await journey.server.app.inject({
      method: 'GET',
      url: '/v1/entry',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(entry.statusCode).toBe(401);
    await admin.page.goto('/console/');
    await admin.page.waitForURL('**/console/login');
    await admin.context.close();
  });

  it("refuses a learner's own session token in the link and keeps the current sign-in", async () => {
    const victim = await openBrowser(journey.browser, journey.server);
    await signedUpUser(victim.page, journey.server, '收到連結的人');
    const ownToken = await tokenOf(victim.context);
    const attacker = await createTestUser(journey.server.app, { nickname: '發連結的人' });

    await victim.page.goto(`/dashboard?h_use_this_user_token=${attacker.token}&h_time_limit=600`);
    await victim.page.getByTestId('impersonation-refused').waitFor();
    await victim.page.getByTestId('greeting').filter({ hasText: '收到連結的人' }).waitFor();
    expect(victim.page.url()).toBe(`${journey.server.baseUrl}/dashboard`);
    expect(await tokenOf(victim.context)).toBe(ownToken);
    expect(await victim.page.evaluate(() => localStorage.getItem('original_token'))).toBeNull();
    await victim.context.close();
  });

  it('restores the original token for 60 days when the limit passes', async () => {
    const learner = await createTestUser(journey.server.app, { nickname: '限時學員' });
    const admin = await createTestUser(journey.server.app, { role: 'admin' });
    const minted = await journey.server.app.inject({
      method: 'POST',
      url: '/v1/console/impersonation',
      headers: admin.auth,
      payload: { user_id: learner.id, seconds: 60 },
    });
    const token = new URL(minted.json().portal_path, journey.server.baseUrl).searchParams.get(
      'h_use_this_user_token',
    );

    const { context, page } = await openBrowser(journey.browser, journey.server);
    await signedUpUser(page, journey.server, '原本的人');
    const ownToken = await tokenOf(context);
    // The link may ask for less time than minted (10 s here), never for more.
    await page.goto(`/dashboard?h_use_this_user_token=${token}&h_time_limit=10`);
    await page.getByTestId('greeting').filter({ hasText: '限時學員' }).waitFor();
    const banner = page.getByTestId('impersonation-banner');
    expect(await banner.textContent()).toMatch(/剩餘 ([1-9]|10) 秒/);

    await page.getByTestId('greeting').filter({ hasText: '原本的人' }).waitFor({ timeout: 25_000 });
    await banner.waitFor({ state: 'detached' });
    const restored = (await context.cookies()).find((c) => c.name === 'token');
    expect(restored?.value).toBe(ownToken);
    const days = ((restored?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59.9);
    expect(days).toBeLessThanOrEqual(60);
    await context.close();
  });
});
