import { users } from '@atrium/server/db/schema';
import { seedCommunity, seedId } from '@atrium/server/db/seed/seed-community';
import { seedDemoAccounts } from '@atrium/server/db/seed/seed-demo-accounts';
import { createSession } from '@atrium/server/modules/account/create-session';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { openBrowser } from '../../support/portal.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';

/** The test server with the demo community loaded, as `npm start` has it on a fresh install. */
export async function startCommunityServer(): Promise<TestServer> {
  const server = await startTestServer();
  await seedDemoAccounts(server.app.db);
  await seedCommunity(server.app.db);
  return server;
}

export const demo = {
  learner: 'learner@atrium.local',
  staff: 'staff@atrium.local',
};

export const seeded = {
  fe: seedId('class:fe12'),
  data: seedId('class:data'),
  uiux: seedId('class:uiux3'),
  sub: (cls: string, ch: string, sub: string) =>
    `${seedId(`chapter:${cls}:${ch}`)}_${seedId(`sub:${cls}:${ch}:${sub}`)}`,
  task: (cls: string, key: string) => seedId(`task:${cls}:${key}`),
};

/**
 * A browser signed in as a demo account. Sign-in itself (password, mailed code) is the account journeys'
 * subject; here the session is opened on the server and its token cookie handed to the browser.
 */
export async function signedInAs(browser: Browser, server: TestServer, email: string): Promise<Page> {
  const [user] = await server.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no demo account ${email}`);
  const { token } = await createSession(server.app.db, { userId: user.id, ttlDays: 1 });
  const { context, page } = await openBrowser(browser, server);
  await context.addCookies([{ name: 'token', value: token, url: server.baseUrl }]);
  // Embedded videos and live classes live on other hosts; the sandbox has no internet, so they get a stub.
  await context.route(/^https:\/\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>stub</title><p>stub</p>',
    }),
  );
  return page;
}

/** POST from inside the page, the way the portal calls (cookies + xsrf header); answers status and code. */
export async function postFromPage(page: Page, path: string): Promise<{ status: number; code?: string }> {
  return page.evaluate(async (url) => {
    const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'x-xsrf-token': xsrf },
      credentials: 'include',
    });
    const body = (await res.json().catch(() => ({}))) as { code?: string };
    return { status: res.status, code: body.code };
  }, path);
}
