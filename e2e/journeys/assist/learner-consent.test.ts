import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { allowConsoleError } from '../../support/console-errors.ts';
import { useAssistPair, useSecondAgent } from './assist-journey.ts';

/** The console's mirror is a recorded page, not our interface (see support/axe.ts). */
const MIRROR = ['[data-testid="live-player"]'];

// Issue 32 (ADR 0073): whenever agents watch, the learner sees who, sees who controls, and can end control
// with one click or Escape, with or without a call and after a reload or a network drop; and may pause
// sharing. The built
// portal with the tracker and the assist plugin, two agents in the built console, the real relay.
describe('the learner sees who watches and controls, and takes control back', () => {
  const pair = useAssistPair();
  const second = useSecondAgent(pair);

  const bar = () => pair.learner.getByRole('region', { name: '即時協助' });
  const grant = async () => {
    const prompt = pair.learner.getByRole('alertdialog', { name: '客服要求遠端控制您的畫面，是否允許？' });
    await prompt.getByRole('button', { name: '允許遠端控制' }).click();
  };

  it('the bar names both agents watching, is not in the agents’ mirror, and passes axe', async () => {
    const { learner, mirror } = pair;
    await bar().getByText('客服阿哲、客服小芸 正在查看您的畫面').waitFor();
    // Once a later change of the page is in the mirror, the bar would be too if it were streamed.
    await learner.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = '通知列之後的變化';
      document.body.prepend(p);
    });
    await mirror.getByText('通知列之後的變化').waitFor();
    expect(await mirror.getByText('正在查看您的畫面').count()).toBe(0);
    await expectAccessible(learner, 'the portal with the assist notice');
  });

  it('the bar names the agent in control; Escape ends control and that agent reads so', async () => {
    const { learner } = pair;
    const agent = second.page;
    await agent.getByRole('button', { name: '要求遠端控制' }).click();
    await grant();
    await agent.getByText('學員已同意遠端控制').waitFor();
    await bar().getByText('客服小芸 正在遠端控制您的畫面').waitFor();
    await bar().getByRole('button', { name: '結束遠端控制' }).waitFor();
    await expectAccessible(learner, 'the portal with the remote-control notice');

    // No call is open: the bar alone ends control, from the page, by the key.
    expect(await learner.locator('[data-assist="call-window"]').count()).toBe(0);
    await learner.locator('body').click({ position: { x: 5, y: 5 } });
    await learner.keyboard.press('Escape');
    await agent.getByText('學員結束了遠端控制。').waitFor();
    await learner.locator('[data-assist="pointer"]').waitFor({ state: 'detached' });
    await bar().getByText('正在遠端控制您的畫面').waitFor({ state: 'detached' });
    await agent.getByRole('button', { name: '要求遠端控制' }).waitFor();
  });

  it('after a reload control comes back only with the bar saying so, and one click ends it', async () => {
    const { learner, agent } = pair;
    await agent.getByRole('button', { name: '要求遠端控制' }).click();
    await grant();
    await agent.getByText('學員已同意遠端控制').waitFor();
    await learner.reload();
    await bar().getByText('客服阿哲 正在遠端控制您的畫面').waitFor({ timeout: 20_000 });
    await learner.locator('[data-assist="pointer"]').waitFor({ state: 'attached' });
    await bar().getByRole('button', { name: '結束遠端控制' }).click();
    await agent.getByText('學員結束了遠端控制。').waitFor();
    await learner.locator('[data-assist="pointer"]').waitFor({ state: 'detached' });
  });

  it('after a network drop control comes back only with the bar saying so; the bar ends it', async () => {
    const { learnerContext, agent } = pair;
    // Chromium reports each reconnect refused by the missing network; that is the network, not a script error.
    allowConsoleError(/^WebSocket connection to .*\/ws-assist\/socket\/.* net::ERR_INTERNET_DISCONNECTED/);
    await agent.getByRole('button', { name: '要求遠端控制' }).click();
    await grant();
    await bar().getByText('客服阿哲 正在遠端控制您的畫面').waitFor();
    await learnerContext.setOffline(true);
    // The plugin heard its socket drop: nobody watches from its point of view, so no bar.
    await bar().waitFor({ state: 'detached', timeout: 20_000 });
    await learnerContext.setOffline(false);
    await bar().getByText('客服阿哲 正在遠端控制您的畫面').waitFor({ timeout: 30_000 });
    await agent.getByText('學員已同意遠端控制').waitFor();
    await bar().getByRole('button', { name: '結束遠端控制' }).click();
    await agent.getByText('學員結束了遠端控制。').waitFor();
  });

  it('pausing sharing: both agents see a paused view, not a live one; resuming shows the page again', async () => {
    const { learner, agent, mirror } = pair;
    await bar().getByRole('button', { name: '暫停分享畫面' }).click();
    await bar().getByText('已暫停分享畫面，客服目前看不到您的畫面').waitFor();
    for (const page of [agent, second.page]) {
      await page.getByTestId('assist-connection').filter({ hasText: '學員暫停了畫面分享' }).waitFor();
      await page.getByTestId('sharing-paused').waitFor();
      expect(await page.getByRole('button', { name: '要求遠端控制' }).isDisabled()).toBe(true);
    }
    await expectAccessible(learner, 'the portal with sharing paused');
    await expectAccessible(agent, 'the live view of a paused learner', MIRROR);

    await learner.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = '暫停時寫下的筆記';
      document.body.prepend(p);
    });
    expect(await mirror.getByText('暫停時寫下的筆記').count()).toBe(0);

    await bar().getByRole('button', { name: '繼續分享畫面' }).click();
    await mirror.getByText('暫停時寫下的筆記').waitFor({ timeout: 20_000 });
    await agent.getByTestId('assist-connection').filter({ hasText: '即時' }).waitFor();
    expect(await agent.getByTestId('sharing-paused').count()).toBe(0);
    await bar().getByText('正在查看您的畫面').waitFor();
  });
});
