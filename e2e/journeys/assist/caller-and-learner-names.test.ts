import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { useAssistPair, useSecondAgent } from './assist-journey.ts';

const MIRROR = '[data-testid="live-player"] iframe';

// Issue 32's small items, between the built portal (tracker + assist) and the built console: the live
// view's heading names the learner, the learner's call prompt names which agent calls (two watch), and a
// call lost with the PeerJS server reads in zh-TW, not in PeerJS's English.
describe('who is who in live assist, and call errors in zh-TW', () => {
  const pair = useAssistPair();
  const secondAgent = useSecondAgent(pair);
  const callPrompt = () => pair.learner.getByRole('alertdialog', { name: '客服來電，要接聽嗎？' });

  it('the live view’s heading names the learner', async () => {
    const { agent } = pair;
    await agent.getByRole('heading', { level: 1, name: '即時協助：小安' }).waitFor();
    expect(await agent.title()).toContain('即時協助：小安');
    await expectAccessible(agent, 'the live view naming its learner', [MIRROR]);
  });

  it('the call prompt names the calling agent, the second one too', async () => {
    const { agent, learner } = pair;
    await agent.getByRole('button', { name: '通話', exact: true }).click();
    await callPrompt().waitFor({ timeout: 15_000 });
    expect(await callPrompt().locator('[data-assist="caller"]').textContent()).toBe('來電者：客服阿哲');
    await callPrompt().getByRole('button', { name: '拒絕' }).click();
    await agent.getByTestId('call-state').filter({ hasText: '學員拒絕了通話。' }).waitFor();

    const second = secondAgent.page;
    await second.getByRole('button', { name: '通話', exact: true }).click();
    const asked = learner.getByRole('alertdialog', { name: '來電者：客服小芸' });
    await asked.waitFor({ timeout: 15_000 });
    await expectAccessible(learner, 'the portal with the second agent’s call prompt');
    await asked.getByRole('button', { name: '拒絕' }).click();
    await second.getByTestId('call-state').filter({ hasText: '學員拒絕了通話。' }).waitFor();
  });

  it('a call that loses the call server says so in zh-TW', async () => {
    const { agent } = pair;
    // The agent's connection to the PeerJS server passes through the test, which cuts it as a network would.
    let cut: (() => Promise<void>) | undefined;
    await agent.routeWebSocket(/\/peerjs\/peerjs\?/, (ws) => {
      ws.connectToServer();
      cut = () => ws.close();
    });
    await agent.getByRole('button', { name: '通話', exact: true }).click();
    await callPrompt().waitFor({ timeout: 15_000 });
    if (!cut) throw new Error('the call never reached the PeerJS server');
    await cut();
    const failure = agent.getByRole('alert').filter({ hasText: '通話失敗' });
    await failure.waitFor({ timeout: 15_000 });
    expect(await failure.textContent()).toBe('通話失敗：與通話伺服器的連線中斷');
    await callPrompt().waitFor({ state: 'detached' });
    await expectAccessible(agent, 'the live view after a lost call', [MIRROR]);
  });
});
