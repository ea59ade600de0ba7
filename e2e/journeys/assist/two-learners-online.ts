import { classMembers, trainingClasses, users } from '@atrium/server/db/schema';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInToConsole } from '../../support/console.ts';
import { openBrowser, signedUpUser } from '../../support/portal.ts';
import type { TestServer } from '../../support/server.ts';

export interface TwoLearnersOnline {
  contexts: BrowserContext[];
  agent: Page;
  north: { context: BrowserContext; page: Page };
}

/**
 * Two learners signed up in the built portal (which loads the tracker and its assist plugin) — 小安, a member of
 * the class 資料分析班, and 小北, who is not — and the agent 客服阿哲 signed in to the console, all at once.
 * `prepareNorth` runs on 小北's browser before its first page.
 */
export async function twoLearnersOnline(
  browser: Browser,
  server: TestServer,
  prepareNorth?: (context: BrowserContext) => Promise<unknown>,
): Promise<TwoLearnersOnline> {
  const contexts: BrowserContext[] = [];
  const learner = async (nickname: string, prepare?: (context: BrowserContext) => Promise<unknown>) => {
    const opened = await openBrowser(browser, server);
    contexts.push(opened.context);
    await prepare?.(opened.context);
    await signedUpUser(opened.page, server, nickname);
    return opened;
  };
  const [, north, staff] = await Promise.all([
    learner('小安'),
    learner('小北', prepareNorth),
    signInToConsole(browser, server, { nickname: '客服阿哲' }),
  ]);
  contexts.push(staff.context);
  const [anne] = await server.app.db.select().from(users).where(eq(users.nickname, '小安'));
  const [cls] = await server.app.db
    .insert(trainingClasses)
    .values({ name: '資料分析班', published: true })
    .returning();
  await server.app.db.insert(classMembers).values({ classId: cls!.id, userId: anne!.id });
  return { contexts, agent: staff.page, north: { context: north.context, page: north.page } };
}
