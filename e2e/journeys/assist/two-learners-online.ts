import { classMembers, trainingClasses } from '@atrium/server/db/schema';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { FAKE_MEDIA } from '../../support/assist.ts';
import { launchBrowser } from '../../support/browser.ts';
import { openSignedIn } from '../../support/portal.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';

export interface TwoLearnersOnline {
  contexts: BrowserContext[];
  agent: Page;
  north: { context: BrowserContext; page: Page };
}

/**
 * Two learners signed in to the built portal (which loads the tracker and its assist plugin) — 小安, a member of
 * the class 資料分析班, and 小北, who is not — and the agent 客服阿哲 signed in to the console, all at once.
 * `prepareNorth` runs on 小北's browser before its first page.
 */
export async function twoLearnersOnline(
  browser: Browser,
  server: TestServer,
  prepareNorth?: (context: BrowserContext) => Promise<unknown>,
): Promise<TwoLearnersOnline> {
  // Signing in is the account journeys' subject: each side gets its session cookie from the server.
  const [anne, north, staff] = await Promise.all([
    openSignedIn(browser, server, { nickname: '小安', path: '/dashboard' }),
    openSignedIn(browser, server, { nickname: '小北', path: '/dashboard', prepare: prepareNorth }),
    openSignedIn(browser, server, { role: 'agent', nickname: '客服阿哲', path: '/console/' }),
  ]);
  const contexts = [anne.context, north.context, staff.context];
  const [cls] = await server.app.db
    .insert(trainingClasses)
    .values({ name: '資料分析班', published: true })
    .returning();
  await server.app.db.insert(classMembers).values({ classId: cls!.id, userId: anne.user.id });
  return { contexts, agent: staff.page, north: { context: north.context, page: north.page } };
}

/**
 * The describe block's server, Chromium (fake camera and microphone) and twoLearnersOnline, opened before its
 * tests and closed after. Read the fields inside tests and hooks, once opened.
 */
export function useTwoLearnersOnline(
  prepareNorth?: (context: BrowserContext) => Promise<unknown>,
): TwoLearnersOnline & { server: TestServer } {
  const online = {} as TwoLearnersOnline & { server: TestServer; browser: Browser };
  beforeAll(async () => {
    online.server = await startTestServer();
    online.browser = await launchBrowser(FAKE_MEDIA);
    Object.assign(online, await twoLearnersOnline(online.browser, online.server, prepareNorth));
  });
  afterAll(async () => {
    for (const c of online.contexts ?? []) await c.close();
    await online.browser?.close();
    await online.server?.close();
  });
  return online;
}
