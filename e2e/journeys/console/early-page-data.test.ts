import { MessageType } from '@atrium/protocol/tracker/messages';
import { describe, expect, it } from 'vitest';
import { recordWithTracker } from '../../../apps/server/test/record-with-tracker.ts';
import { pageStartMessages, rrwebElement } from '../../../apps/server/test/rrweb-page.ts';
import { useJourney } from '../../support/journey.ts';
import { openSignedIn } from '../../support/portal.ts';
import type { TestServer } from '../../support/server.ts';

/** The chunks of screens other than the recordings' (community and settings, issues, click maps, live, sign-in). */
const OTHER_SCREENS =
  /\/console\/assets\/(screens|issues-page|issue-page|click-maps-page|live-sessions-page|sign-in-page)-/;

/** A one-batch recording through the real ingest: a page with one paragraph. Returns its session id. */
async function uploadOnePage(server: TestServer): Promise<string> {
  const tracker = recordWithTracker(server.app);
  const { token, sessionID } = await tracker.start('tab-1', {
    url: 'https://portal.example/',
    width: 1280,
    height: 800,
  });
  const at = Date.now() - 5_000;
  const html = rrwebElement(2, 'html', [
    rrwebElement(3, 'head', []),
    rrwebElement(4, 'body', [rrwebElement(5, 'p', [{ type: 3, id: 6, textContent: '早到的錄影' }])]),
  ]);
  const batch = await tracker.upload(token, 'tab-1', 0, [
    [MessageType.Timestamp, at],
    [MessageType.TabData, 'tab-1'],
    ...pageStartMessages(at, html),
  ]);
  expect(batch.statusCode).toBeLessThan(300);
  return sessionID;
}

/**
 * A recording's first open (ADR 0028): the console's early script asks for the sign-in check, the session's
 * summary and its recording while the console's own 1.4 MB of scripts are still on their way, and the page
 * takes those answers instead of asking again.
 */
describe("a session's page opened by its address", () => {
  const journey = useJourney();

  it('asks for its data before the console has loaded, once, and shows the recording', async () => {
    const { server, browser } = journey;
    const sessionID = await uploadOnePage(server);

    const { page: agentPage, context } = await openSignedIn(browser, server, { role: 'agent' });
    const asked: string[] = [];
    agentPage.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/v1/')) asked.push(path);
    });
    // The console's own scripts are held back until the early requests have all left.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await agentPage.route(/\/console\/assets\/(?!early-).+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const summary = `/v1/console/sessions/${sessionID}`;
    const opened = agentPage.goto(`/console/sessions/${sessionID}`);
    await expect
      .poll(() => [...asked].sort(), { timeout: 15_000 })
      .toEqual([summary, `${summary}/messages`, '/v1/entry'].sort());
    release();
    await opened;
    await expect
      .poll(
        () => agentPage.frameLocator('[data-testid=player-stage] iframe').locator('p').first().textContent(),
        {
          timeout: 15_000,
        },
      )
      .toBe('早到的錄影');
    // The page took the early answers: none of the three was asked for again.
    for (const path of ['/v1/entry', summary, `${summary}/messages`])
      expect(
        asked.filter((p) => p === path),
        path,
      ).toHaveLength(1);
    await context.close();
  });

  it("loads no other screen's code, and a screen's when the pointer rests on its entry", async () => {
    const { server, browser } = journey;
    const sessionID = await uploadOnePage(server);
    const { page, context } = await openSignedIn(browser, server, { role: 'agent' });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`/console/sessions/${sessionID}`);
    await expect
      .poll(() => page.frameLocator('[data-testid=player-stage] iframe').locator('p').first().textContent(), {
        timeout: 15_000,
      })
      .toBe('早到的錄影');
    await page.waitForTimeout(1500);
    expect(scripts.filter((path) => OTHER_SCREENS.test(path))).toEqual([]);
    // Resting on 課程管理 fetches the community's screens before any click; the click then shows the list.
    await page.getByRole('link', { name: '課程管理' }).hover();
    await expect.poll(() => scripts.filter((path) => /\/screens-/.test(path)).length).toBeGreaterThan(0);
    await page.getByRole('link', { name: '課程管理' }).click();
    await page.waitForURL('**/console/classes');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await context.close();
  });
});
