import { classMembers, trainingClasses, users } from '@atrium/server/db/schema';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_MEDIA } from '../../support/assist.ts';
import { expectAccessible } from '../../support/axe.ts';
import { launchBrowser } from '../../support/browser.ts';
import { signInToConsole } from '../../support/console.ts';
import { openBrowser, signedUpUser } from '../../support/portal.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';

const MIRRORS = ['[data-testid="live-player"]'];

// Issue 21 (ADR 0065): the learners-online list updates by itself and filters by learner, page, class and
// browser; up to four learners side by side, one click to focus one. The built portal and console, the real
// relay and PeerJS server.
describe('live search and multiview', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let agent: Page;
  let north: { context: BrowserContext; page: Page };

  const rowNames = async () =>
    (await agent.getByTestId('live-row').locator('td:nth-child(2) a').allTextContents()).sort();

  /** A learner signed up in the built portal, which loads the tracker and its assist plugin. */
  async function learner(nickname: string) {
    const opened = await openBrowser(browser, server);
    contexts.push(opened.context);
    await signedUpUser(opened.page, server, nickname);
    return opened;
  }

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser(FAKE_MEDIA);
    const [, northLearner, staff] = await Promise.all([
      learner('小安'),
      learner('小北'),
      signInToConsole(browser, server, { nickname: '客服阿哲' }),
    ]);
    north = northLearner;
    // Keeps the audio contexts 小北's pages open, to hear whether the call prompt rings (a page reopened below).
    await north.context.addInitScript(() => {
      const Base = window.AudioContext;
      const opened: AudioContext[] = [];
      Object.assign(window, { __audio: opened });
      window.AudioContext = class extends Base {
        constructor(options?: AudioContextOptions) {
          super(options);
          opened.push(this);
        }
      };
    });
    contexts.push(staff.context);
    agent = staff.page;
    // 小安 is in the class 資料分析班; 小北 is not.
    const [anne] = await server.app.db.select().from(users).where(eq(users.nickname, '小安'));
    const [cls] = await server.app.db
      .insert(trainingClasses)
      .values({ name: '資料分析班', published: true })
      .returning();
    await server.app.db.insert(classMembers).values({ classId: cls!.id, userId: anne!.id });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.close();
  });

  it('a learner leaving and coming back shows in the list without a reload', async () => {
    await agent.setViewportSize({ width: 1280, height: 900 });
    await agent.goto('/console/live');
    await expect.poll(rowNames, { timeout: 20_000 }).toEqual(['小北', '小安'].sort());
    const url = north.page.url();
    await north.page.close();
    await expect.poll(rowNames, { timeout: 15_000 }).toEqual(['小安']);
    north.page = await north.context.newPage();
    await north.page.goto(url);
    await expect.poll(rowNames, { timeout: 15_000 }).toEqual(['小北', '小安'].sort());
  });

  it('filters by learner, current page, class and browser', async () => {
    const learnerField = agent.getByLabel('學員姓名或電子郵件');
    await learnerField.fill('小北');
    await expect.poll(rowNames).toEqual(['小北']);
    await learnerField.fill('');
    const pageField = agent.getByLabel('目前頁面（網址或標題）');
    await pageField.fill('no-such-page');
    await agent.getByText('目前沒有線上學員。').waitFor();
    await pageField.fill('');
    await agent.getByLabel('班級').selectOption({ label: '資料分析班' });
    await expect.poll(rowNames).toEqual(['小安']);
    await agent.getByLabel('班級').selectOption({ label: '所有班級' });
    const browserField = agent.getByLabel('瀏覽器', { exact: true });
    await browserField.selectOption('Firefox');
    await agent.getByText('目前沒有線上學員。').waitFor();
    await browserField.selectOption('Chrome');
    await expect.poll(rowNames).toEqual(['小北', '小安'].sort());
    await expectAccessible(agent, 'the filtered live list at 1280 px');
    await agent.setViewportSize({ width: 375, height: 740 });
    await expectAccessible(agent, 'the filtered live list at 375 px');
    await agent.setViewportSize({ width: 1280, height: 900 });
  });

  it('two picked learners play side by side, read-only; 專注 opens one in the full live view', async () => {
    await agent.getByLabel('選擇 小安 並排檢視').check();
    await agent.getByLabel('選擇 小北 並排檢視').check();
    await agent.getByRole('button', { name: '並排檢視（2/4）' }).click();
    await agent.waitForURL('**/console/live/multiview?**');
    for (const name of ['小安', '小北']) {
      const tile = agent.getByRole('region', { name });
      await tile.getByTestId('multiview-connection').filter({ hasText: '即時' }).waitFor({ timeout: 20_000 });
      // The agent's arrival restarted the learner's tracker: the full snapshot shows the dashboard.
      await tile
        .frameLocator('[data-testid="live-player"] iframe')
        .getByTestId('greeting')
        .waitFor({ timeout: 20_000 });
      // Read-only: nothing in a tile calls or takes control.
      expect(await tile.getByRole('button').count()).toBe(0);
    }
    await expectAccessible(agent, 'the multiview at 1280 px', MIRRORS);
    await agent.setViewportSize({ width: 375, height: 740 });
    await expectAccessible(agent, 'the multiview at 375 px', MIRRORS);
    await agent.setViewportSize({ width: 1280, height: 900 });

    await agent.getByRole('link', { name: '專注檢視 小北' }).click();
    await agent.waitForURL('**/console/assist/**');
    await agent.getByTestId('assist-connection').filter({ hasText: '即時' }).waitFor();
    await agent.getByRole('button', { name: '通話', exact: true }).waitFor();
  });

  it('an incoming call rings on the learner’s side until the learner answers or declines', async () => {
    const audio = () =>
      north.page.evaluate(() =>
        ((window as unknown as { __audio: AudioContext[] }).__audio ?? []).map((c) => c.state),
      );
    // A learner using the page has clicked on it: the browser lets it play sound.
    await north.page.getByTestId('greeting').click();
    expect(await audio()).toEqual([]);
    await agent.getByRole('button', { name: '通話', exact: true }).click();
    const prompt = north.page.getByRole('alertdialog', { name: '客服來電，要接聽嗎？' });
    await prompt.waitFor({ timeout: 15_000 });
    await expect.poll(audio).toEqual(['running']);
    await prompt.getByRole('button', { name: '拒絕' }).click();
    await expect.poll(audio).toEqual(['closed']);
    await agent.getByTestId('call-state').filter({ hasText: '學員拒絕了通話。' }).waitFor();
  });

  it('回看前一分鐘 opens the recording so far in the player; 回到即時 returns to the live view', async () => {
    const live = agent.url();
    await agent.getByRole('button', { name: '回看前一分鐘' }).click();
    await agent.waitForURL('**/rewind?at=*');
    await agent.getByRole('heading', { name: '小北 的錄影' }).waitFor();
    // What the tracker uploaded so far is rebuilt in the replay frame.
    await agent.getByTestId('player-stage').locator('iframe').waitFor({ timeout: 20_000 });
    for (const width of [1280, 375]) {
      await agent.setViewportSize({ width, height: 900 });
      await expectAccessible(agent, `the rewind at ${width} px`, ['[data-testid=player-stage] iframe']);
    }
    await agent.setViewportSize({ width: 1280, height: 900 });
    await agent.getByRole('link', { name: '回到即時' }).click();
    expect(agent.url()).toBe(live);
    await agent.getByTestId('assist-connection').filter({ hasText: '即時' }).waitFor();
  });
});
