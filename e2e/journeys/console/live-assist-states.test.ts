import {
  closeSockets,
  connected,
  next,
  startTrackerSession,
  visitorSocket,
} from '@atrium/server/test/assist-harness';
import { afterEach, describe, expect, it } from 'vitest';
import { signInToConsole } from '../../support/console.ts';
import { useJourney } from '../../support/journey.ts';
import { streamOnAgent } from './assist-visitor.ts';

// What the console tells the agent follows the server (issue 21): a dropped network, the learner's tab
// going idle or away, the server releasing control and refusing an event. The learner is a socket.io
// visitor speaking the assist protocol, so each server state can be driven exactly.
describe('live assist states follow the server', () => {
  const journey = useJourney();
  afterEach(() => closeSockets());

  it('says reconnecting when the network drops, releases control it no longer holds, and shows every refusal', async () => {
    const s = await startTrackerSession(journey.server.app);
    const visitor = visitorSocket(journey.server.baseUrl, s);
    await connected(visitor);
    streamOnAgent(visitor, s.tabId, '作業頁');
    const meta = { tabId: s.tabId };
    const { page, context } = await signInToConsole(journey.browser, journey.server);
    await page.goto(`/console/assist/${s.projectKey}/${s.sessionId}`);
    const badge = page.getByTestId('assist-connection');
    await badge.filter({ hasText: /^即時$/ }).waitFor();
    await page.frameLocator('[data-testid="live-player"] iframe').getByText('作業頁').waitFor();

    // The learner switches to another tab: the badge says so, and back.
    visitor.emit('UPDATE_SESSION', { meta, data: { active: false } });
    await badge.filter({ hasText: '學員閒置' }).waitFor();
    visitor.emit('UPDATE_SESSION', { meta, data: { active: true } });
    await badge.filter({ hasText: /^即時$/ }).waitFor();

    // Control granted, then the agent's network drops: at once "reconnecting", never a sign-in problem.
    const asked = next<[string]>(visitor, 'request_control');
    await page.getByRole('button', { name: '要求遠端控制' }).click();
    const [agentId] = await asked;
    visitor.emit('control_granted', { meta, data: agentId });
    await page.getByText('學員已同意遠端控制').waitFor();
    await context.setOffline(true);
    await badge.filter({ hasText: '重新連線中' }).waitFor({ timeout: 5000 });
    expect(await badge.textContent()).not.toContain('登入');
    // Back online: live again with a new socket, which the server never granted: control shows released.
    const rejoined = next<[string]>(visitor, 'NEW_AGENT', 20_000);
    await context.setOffline(false);
    const [newAgentId] = await rejoined;
    expect(newAgentId).not.toBe(agentId);
    await badge.filter({ hasText: /^即時$/ }).waitFor({ timeout: 20_000 });
    await page.getByText('連線中斷，遠端控制已解除').waitFor();
    await page.getByRole('button', { name: '要求遠端控制' }).waitFor();

    // Granted again; the server then hands control to someone else while the console still shows it
    // granted: the refused click is shown, and control reads as released.
    const askedAgain = next(visitor, 'request_control');
    await page.getByRole('button', { name: '要求遠端控制' }).click();
    await askedAgain;
    visitor.emit('control_granted', { meta, data: newAgentId });
    await page.getByText('學員已同意遠端控制').waitFor();
    visitor.emit('control_granted', { meta, data: 'another-agent' });
    const box = await page.locator('[data-testid="live-player"] iframe').boundingBox();
    if (!box) throw new Error('no mirror');
    await page.mouse.click(box.x + 20, box.y + 20);
    await page
      .getByTestId('assist-refusal')
      .filter({ hasText: '伺服器拒絕了「點擊」：你目前沒有遠端控制權' })
      .waitFor();
    await page.getByText('伺服器表示你目前沒有遠端控制權').waitFor();
    await page.getByRole('button', { name: '要求遠端控制' }).waitFor();

    // The learner's tab goes away: offline, not live.
    visitor.disconnect();
    await badge.filter({ hasText: '學員已離線' }).waitFor();
    await context.close();
  });
});
