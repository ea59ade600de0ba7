import type { WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAssistPair } from '../../support/assist.ts';
import { allowConsoleError } from '../../support/console-errors.ts';
import { useJourney } from '../../support/journey.ts';

/** How soon after the network is back a learner's change must be in the mirror: "at once" to an agent. */
const RESUME_BOUND_MS = 5000;
/**
 * Failed reconnects of the plugin's socket before the learner's network comes back. socket.io's backoff
 * (1, 2, 4, 8 s… up to 25 s, each ±50 %) then waits another 8–24 s before its next try: without a
 * reconnect on the browser's `online` event the mirror cannot resume within the bound.
 */
const FAILED_RECONNECTS = 4;

// The learner is a signed-in learner in the built portal (tracker + assist plugin), the agent watches in
// the built console; the learner's browser loses its network for a while (issue 21).
describe('the live mirror after the learner’s network drops', () => {
  const journey = useJourney();

  it('says the learner is offline meanwhile and resumes within seconds once the network is back', async () => {
    const { learnerContext, learner, agentContext, agent, mirror } = await openAssistPair(
      journey.browser,
      journey.server,
      journey.server,
    );
    const badge = agent.getByTestId('assist-connection');
    // Chromium reports each reconnect refused by the missing network; that is the network, not a script error.
    allowConsoleError(/^WebSocket connection to .*\/ws-assist\/socket\/.* net::ERR_INTERNET_DISCONNECTED/);
    let failed = 0;
    let reachedFailures: () => void = () => undefined;
    const enoughFailures = new Promise<void>((resolve) => {
      reachedFailures = resolve;
    });
    learner.on('websocket', (ws: WebSocket) => {
      if (!ws.url().includes('/ws-assist/socket/')) return;
      ws.on('socketerror', () => {
        failed += 1;
        if (failed >= FAILED_RECONNECTS) reachedFailures();
      });
    });

    await learnerContext.setOffline(true);
    // Meanwhile the agent is told the learner is gone, not shown a frozen page as live.
    await badge.filter({ hasText: '學員已離線' }).waitFor({ timeout: 10_000 });
    await enoughFailures;
    await learnerContext.setOffline(false);
    const back = Date.now();
    await learner.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = '網路恢復後的變化';
      document.body.prepend(p);
    });
    await mirror.getByText('網路恢復後的變化').waitFor({ timeout: 30_000 });
    const resumedMs = Date.now() - back;
    await badge.filter({ hasText: /^即時$/ }).waitFor();
    expect(resumedMs, 'ms from the network coming back to the change in the mirror').toBeLessThanOrEqual(
      RESUME_BOUND_MS,
    );
    await agentContext.close();
    await learnerContext.close();
  }, 120_000);
});
