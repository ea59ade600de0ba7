import { MessageType } from '@atrium/protocol/tracker/messages';
import { createTestUser } from '@atrium/server/test/create-test-user';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../support/browser.ts';
import { openBrowser, signedUpUser } from '../../support/portal.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { recordedSessions, untilRecording, userOfToken } from './recorded-session.ts';

describe('a second tab of the portal (real Chromium, real ingest)', () => {
  let server: TestServer;
  let browser: Browser;
  let staffAuth: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    staffAuth = (await createTestUser(server.app, { role: 'admin' })).auth;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A signed-up learner recording in a first tab and a second one opened by typing the address. */
  async function learnerInTwoTabs(nickname: string) {
    const { context, page } = await openBrowser(browser, server);
    await signedUpUser(page, server, nickname);
    await untilRecording(page);
    const token = (await context.cookies()).find((c) => c.name === 'token')!.value;
    const learner = await userOfToken(server, token);
    // A new tab with the address typed: it starts with empty session storage, unlike a window.open tab.
    const second = await context.newPage();
    await second.goto('/tasks/my');
    await untilRecording(second);
    return { context, page, second, learner };
  }

  /** "N sessions, M tabs": what the learner's recordings hold so far. */
  async function sessionsAndTabs(userId: string): Promise<string> {
    const sessions = await recordedSessions(server, staffAuth, userId);
    const tabs = new Set(
      sessions.flatMap((s) => s.messages.filter((m) => m[0] === MessageType.TabData).map((m) => m[1])),
    );
    return `${sessions.length} sessions, ${tabs.size} tabs`;
  }

  it('joins the visit the learner has open when its address is typed (no shared session storage)', async () => {
    const { context, learner } = await learnerInTwoTabs('雙分頁學員');
    await expect
      .poll(() => sessionsAndTabs(learner.id), { timeout: 20_000, interval: 300 })
      .toBe('1 sessions, 2 tabs');
    await context.close();
  });

  it('ends the visit when its last tab is closed, not when the first one is (issue 20)', async () => {
    const { context, page, second, learner } = await learnerInTwoTabs('關閉分頁學員');
    // Both tabs have a batch stored: the visit is one session of two tabs.
    await expect
      .poll(() => sessionsAndTabs(learner.id), { timeout: 20_000, interval: 300 })
      .toBe('1 sessions, 2 tabs');

    const [session] = await recordedSessions(server, staffAuth, learner.id);
    const id = session!.id;
    const ended = async () => {
      const res = await server.app.inject({
        method: 'GET',
        url: `/v1/console/sessions/${id}`,
        headers: staffAuth,
      });
      return (res.json() as { ended: boolean }).ended;
    };
    const count = async (query: ReturnType<typeof sql>) =>
      ((await server.app.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    // Closing one tab leaves the visit open; closing the last one (pagehide) ends it within seconds, not
    // after the 30 minutes of inactivity it took before.
    await page.close({ runBeforeUnload: true });
    // The closed page's last batch arrived marked as sent while leaving; the other tab keeps the visit open.
    await expect
      .poll(
        () => count(sql`select count(*)::int as n from ingest_batches where session_id = ${id} and leaving`),
        {
          timeout: 10_000,
          interval: 200,
        },
      )
      .toBeGreaterThan(0);
    expect(
      await count(
        sql`select count(*)::int as n from ingest_sessions where id = ${id} and ended_at is not null`,
      ),
    ).toBe(0);
    await second.close({ runBeforeUnload: true });
    await expect.poll(ended, { timeout: 25_000, interval: 500 }).toBe(true);
    await context.close();
  });
});
