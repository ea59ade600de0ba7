import { classMembers, trainingClasses } from '@atrium/server/db/schema';
import { createTestUser } from '@atrium/server/test/create-test-user';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openBrowser } from '../../support/portal.ts';
import type { TestServer } from '../../support/server.ts';

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
  const contexts: BrowserContext[] = [];
  // Signing in is the account journeys' subject: each side gets its session cookie from the server.
  const signedIn = async (
    role: 'learner' | 'agent',
    nickname: string,
    path: string,
    prepare?: (context: BrowserContext) => Promise<unknown>,
  ) => {
    const user = await createTestUser(server.app, { role, nickname });
    const opened = await openBrowser(browser, server);
    contexts.push(opened.context);
    await opened.context.addCookies([{ name: 'token', value: user.token, url: server.baseUrl }]);
    await prepare?.(opened.context);
    await opened.page.goto(path);
    return { ...opened, user };
  };
  const [anne, north, staff] = await Promise.all([
    signedIn('learner', '小安', '/dashboard'),
    signedIn('learner', '小北', '/dashboard', prepareNorth),
    signedIn('agent', '客服阿哲', '/console/'),
  ]);
  const [cls] = await server.app.db
    .insert(trainingClasses)
    .values({ name: '資料分析班', published: true })
    .returning();
  await server.app.db.insert(classMembers).values({ classId: cls!.id, userId: anne.user.id });
  return { contexts, agent: staff.page, north: { context: north.context, page: north.page } };
}
