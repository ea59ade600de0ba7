import { createTestUser } from '@atrium/server/test/create-test-user';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Journey } from '../../support/journey.ts';
import { openSignedIn } from '../../support/portal.ts';
import { untilRecording } from './until.ts';

// The recorded-visit journeys (replay notes, click maps, the visit timeline): a learner recorded by the real
// tracker in the built portal, then an agent in the console. Signing in is the account journeys' subject:
// both sides get their session cookie from the server.

/** A learner in a fresh browser on /dashboard, once the portal's tracker records the page. */
export async function recordedLearner(
  journey: Journey,
  nickname: string,
  viewport?: { width: number; height: number },
) {
  const learner = await openSignedIn(journey.browser, journey.server, {
    nickname,
    viewport,
    path: '/dashboard',
  });
  await untilRecording(learner.page);
  return learner;
}

/** Sends what the tracker of each page holds now, without waiting for its batch timer. */
export async function flushRecording(...pages: Page[]): Promise<void> {
  for (const page of pages)
    await page.evaluate(() =>
      (
        window as unknown as { __atriumTrackerInstance: { forceFlushBatch(): void } }
      ).__atriumTrackerInstance.forceFlushBatch(),
    );
}

/**
 * The id of the learner's recording, once the messages stored for it (one JSON line each) satisfy `stored`,
 * read through the console's API as an admin.
 */
export async function storedRecording(
  { server }: Journey,
  learnerEmail: string,
  stored: (messages: string) => boolean,
  timeout = 20_000,
): Promise<string> {
  const admin = await createTestUser(server.app, { role: 'admin' });
  const read = (url: string) => server.app.inject({ method: 'GET', url, headers: admin.auth });
  let sessionId = '';
  await expect
    .poll(
      async () => {
        const list = await read(`/v1/console/sessions?learner=${encodeURIComponent(learnerEmail)}`);
        sessionId = list.json().sessions[0]?.id ?? '';
        return !!sessionId && stored((await read(`/v1/console/sessions/${sessionId}/messages`)).body);
      },
      { timeout, interval: 300 },
    )
    .toBe(true);
  return sessionId;
}

/** An agent in a fresh 1280 × 900 browser on `path` of the console. */
export function consoleAgent(journey: Journey, nickname: string, path: string) {
  return openSignedIn(journey.browser, journey.server, {
    role: 'agent',
    nickname,
    viewport: { width: 1280, height: 900 },
    path,
  });
}
