import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { openSignedIn } from './portal.ts';
import type { TestServer } from './server.ts';

/** Chromium's fake camera and microphone, answering every permission prompt. */
export const FAKE_MEDIA = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

export interface AssistPair {
  learnerContext: BrowserContext;
  learner: Page;
  agentContext: BrowserContext;
  agent: Page;
  /** The learner's page as the agent's live view draws it. */
  mirror: FrameLocator;
}

/**
 * A new learner (小安) signed in to the built portal on `learnerServer` (which loads the tracker with the assist
 * plugin) and an agent (客服阿哲) in the built console on `agentServer`, watching that learner live. The same
 * server twice, or two processes sharing Redis and the database. Signing in is the account journeys' subject:
 * both get their session cookie from the server.
 */
export async function openAssistPair(
  browser: Browser,
  learnerServer: TestServer,
  agentServer: TestServer,
): Promise<AssistPair> {
  const learnerSide = await openSignedIn(browser, learnerServer, { nickname: '小安', path: '/dashboard' });
  // The agent's console is open, as an agent's is, before the learner is looked for.
  const staff = await openSignedIn(browser, agentServer, {
    role: 'agent',
    nickname: '客服阿哲',
    path: '/console/',
  });
  await staff.page.getByTestId('signed-in-as').waitFor({ state: 'visible' });
  // The learner's tab shows up among the live sessions once its plugin's socket is connected.
  let session: { projectKey: string; sessionId: string } | undefined;
  for (let i = 0; i < 80 && !session; i += 1) {
    const res = await agentServer.app.inject({ url: '/v1/console/assist/live', headers: staff.user.auth });
    session = (res.json() as { list: { projectKey: string; sessionId: string }[] }).list[0];
    if (!session) await new Promise((r) => setTimeout(r, 250));
  }
  if (!session) throw new Error('the learner never showed up among the live sessions');
  const agent = staff.page;
  await agent.goto(`/console/assist/${session.projectKey}/${session.sessionId}`);
  await agent.getByTestId('assist-connection').filter({ hasText: '即時' }).waitFor();
  const mirror = agent.frameLocator('[data-testid="live-player"] iframe');
  // The agent's arrival restarted the learner's tracker: the full snapshot shows the dashboard.
  await mirror.getByTestId('greeting').waitFor({ timeout: 20_000 });
  return {
    learnerContext: learnerSide.context,
    learner: learnerSide.page,
    agentContext: staff.context,
    agent,
    mirror,
  };
}
