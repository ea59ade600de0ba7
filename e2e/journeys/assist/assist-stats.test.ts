import { randomUUID } from 'node:crypto';
import { assistActivity } from '@atrium/server/db/schema';
import { createTestUser } from '@atrium/server/test/create-test-user';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { launchBrowser } from '../../support/browser.ts';
import { openBrowser } from '../../support/portal.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';

// Issue 21 (ADR 0065): admins read what agents did in live assist, per agent, with a chart. The relay's
// recording of it is tested on the server (assist-activity.test.ts); here the activity is put in the table
// as the relay writes it, with known lengths.
describe('assist statistics for admins', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let admin: Page;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const ming = await createTestUser(server.app, { role: 'agent', nickname: '客服阿明' });
    const yun = await createTestUser(server.app, { role: 'agent', nickname: '客服小芸' });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const view = (agentId: string) => ({ agentId, agentSocketId: randomUUID(), sessionId: randomUUID() });
    const a = view(ming.id);
    const b = view(ming.id);
    const c = view(yun.id);
    await server.app.db.insert(assistActivity).values([
      { ...a, kind: 'live_view', startedAt: at(30), endedAt: at(10) },
      { ...a, kind: 'call', startedAt: at(25), endedAt: at(22) },
      { ...a, kind: 'control', startedAt: at(21), endedAt: at(20) },
      { ...b, kind: 'live_view', startedAt: at(9), endedAt: at(5) },
      { ...b, kind: 'call', startedAt: at(8), endedAt: at(7) },
      { ...c, kind: 'live_view', startedAt: at(4), endedAt: null },
      // Long ago: outside the last seven days.
      { ...c, kind: 'call', startedAt: at(60 * 24 * 30), endedAt: at(60 * 24 * 30 - 5) },
    ]);
    // Signing in is the account journeys' subject: the admin gets the session cookie from the server.
    const boss = await createTestUser(server.app, { role: 'admin', nickname: '管理員小王' });
    ({ context, page: admin } = await openBrowser(browser, server));
    await context.addCookies([{ name: 'token', value: boss.token, url: server.baseUrl }]);
    await admin.goto('/console/');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  const cells = async (name: string) =>
    admin.getByTestId('stats-row').filter({ hasText: name }).locator('td').allTextContents();

  it('shows the last seven days per agent: sessions, calls with total and average, control time', async () => {
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.getByRole('link', { name: '協助統計' }).click();
    await admin.getByRole('heading', { name: '即時協助統計' }).waitFor();
    await expect.poll(() => cells('客服阿明')).toEqual(['2', '2', '4:00', '2:00', '1', '1:00']);
    expect(await cells('客服小芸')).toEqual(['1', '0', '0:00', '0:00', '0', '0:00']);
    // Busiest first.
    const order = await admin.getByTestId('stats-row').locator('th').allTextContents();
    expect(order[0]).toContain('客服阿明');
    const chart = admin.getByRole('img', { name: '每位客服的通話與遠端控制時間' });
    await chart.waitFor();
    expect(await chart.getByTestId('chart-row').count()).toBe(2);
    await expectAccessible(admin, 'the assist statistics at 1280 px');
    await admin.setViewportSize({ width: 375, height: 740 });
    await expectAccessible(admin, 'the assist statistics at 375 px');
  });

  it('a period reaching back a month counts the old call too; a period with nothing says so', async () => {
    const day = (daysAgo: number) => {
      const d = new Date(Date.now() - daysAgo * 86_400_000);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    await admin.getByLabel('開始日期').fill(day(40));
    await expect.poll(() => cells('客服小芸')).toEqual(['1', '1', '5:00', '5:00', '0', '0:00']);
    await admin.getByLabel('結束日期').fill(day(35));
    await admin.getByText('這段期間沒有即時協助紀錄。').waitFor();
  });
});
