import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type AssistPair, FAKE_MEDIA, openAssistPair } from '../../support/assist.ts';
import { launchBrowser } from '../../support/browser.ts';
import { openSignedIn } from '../../support/portal.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';

export interface AssistJourney extends AssistPair {
  server: TestServer;
  browser: Browser;
  /** The learner's call window (there once a call is answered). */
  callWindow: FrameLocator;
}

export interface SecondAgent {
  context: BrowserContext;
  page: Page;
}

/**
 * The describe block's live assist: one server, one Chromium with fake camera and microphone, the learner 小安
 * in the built portal and the agent 客服阿哲 watching in the built console (openAssistPair), opened before its
 * tests and closed after. Read the fields inside tests and hooks, once opened.
 */
export function useAssistPair(): AssistJourney {
  const journey = {} as AssistJourney;
  beforeAll(async () => {
    journey.server = await startTestServer();
    journey.browser = await launchBrowser(FAKE_MEDIA);
    Object.assign(journey, await openAssistPair(journey.browser, journey.server, journey.server));
    journey.callWindow = journey.learner.frameLocator('[data-assist="call-window"]');
  });
  afterAll(async () => {
    await journey.agentContext?.close();
    await journey.learnerContext?.close();
    await journey.browser?.close();
    await journey.server?.close();
  });
  return journey;
}

/**
 * A second agent, 客服小芸, in the same live view as the first agent of `journey` (after `before`, which runs
 * on the learner's page first, e.g. to size it).
 */
export function useSecondAgent(
  journey: AssistJourney,
  before?: (learner: Page) => Promise<unknown>,
): SecondAgent {
  const second = {} as SecondAgent;
  beforeAll(async () => {
    await before?.(journey.learner);
    const staff = await openSignedIn(journey.browser, journey.server, {
      role: 'agent',
      nickname: '客服小芸',
      path: journey.agent.url(),
    });
    Object.assign(second, { context: staff.context, page: staff.page });
    await second.page.getByTestId('assist-connection').filter({ hasText: '即時' }).waitFor();
  });
  afterAll(async () => {
    await second.context?.close();
  });
  return second;
}
