import { MessageType } from '@atrium/protocol/tracker/messages';
import { describe, expect, it } from 'vitest';
import { trackerStartBody } from '../../../apps/server/test/tracker-start-body.ts';
import { useJourney } from '../../support/journey.ts';
import { openSignedIn } from '../../support/portal.ts';
import type { TestServer } from '../../support/server.ts';

/** The chunks of screens other than the recordings' (community and settings, issues, click maps, live, sign-in). */
const OTHER_SCREENS =
  /\/console\/assets\/(screens|issues-page|issue-page|click-maps-page|live-sessions-page|sign-in-page)-/;

/** A one-batch recording through the real ingest: a page with one paragraph. Returns its session id. */
async function uploadOnePage(server: TestServer): Promise<string> {
  const start = await server.app.inject({
    method: 'POST',
    url: '/ingest/v1/web/start',
    payload: trackerStartBody({ width: 1280, height: 800, url: 'https://portal.example/' }),
  });
  const { token, sessionID } = start.json();
  const at = Date.now() - 5_000;
  const page = (id: number, tag: string, childNodes: unknown[]) => ({
    type: 2,
    id,
    tagName: tag,
    attributes: {},
    childNodes,
  });
  const snapshot = page(2, 'html', [
    page(3, 'head', []),
    page(4, 'body', [page(5, 'p', [{ type: 3, id: 6, textContent: '早到的錄影' }])]),
  ]);
  const batch = await server.app.inject({
    method: 'POST',
    url: '/ingest/v1/web/i',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: {
      batchId: 'tab-1-1-0',
      tabId: 'tab-1',
      pageNo: 1,
      seq: 0,
      messages: [
        [MessageType.Timestamp, at],
        [MessageType.TabData, 'tab-1'],
        [
          MessageType.RrwebEvent,
          { type: 4, data: { href: 'https://portal.example/', width: 1280, height: 800 }, timestamp: at },
        ],
        [
          MessageType.RrwebEvent,
          {
            type: 2,
            data: { node: { type: 0, id: 1, childNodes: [snapshot] }, initialOffset: { top: 0, left: 0 } },
            timestamp: at,
          },
        ],
      ],
    },
  });
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
