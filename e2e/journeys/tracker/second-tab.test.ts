import { MessageType } from '@atrium/protocol/tracker/messages';
import { createTestUser } from '@atrium/server/test/create-test-user';
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

  it('joins the visit the learner has open when its address is typed (no shared session storage)', async () => {
    const { context, page } = await openBrowser(browser, server);
    await signedUpUser(page, server, '雙分頁學員');
    await untilRecording(page);
    const token = (await context.cookies()).find((c) => c.name === 'token')!.value;
    const learner = await userOfToken(server, token);

    // A new tab with the address typed: it starts with empty session storage, unlike a window.open tab.
    const second = await context.newPage();
    await second.goto('/tasks/my');
    await untilRecording(second);

    let tabs: string[] = [];
    await expect
      .poll(
        async () => {
          const sessions = await recordedSessions(server, staffAuth, learner.id);
          tabs = [
            ...new Set(
              sessions.flatMap((s) =>
                s.messages.filter((m) => m[0] === MessageType.TabData).map((m) => m[1]),
              ),
            ),
          ] as string[];
          return `${sessions.length} sessions, ${tabs.length} tabs`;
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBe('1 sessions, 2 tabs');
    await context.close();
  });
});
