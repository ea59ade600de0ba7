import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAssistPair, useSecondAgent } from './assist-journey.ts';

/** Audio tracks of the learner reaching an agent's console (its 學員視訊 element). */
const learnerAudioAt = (agent: Page) =>
  agent
    .getByLabel('學員視訊')
    .evaluate((v: HTMLVideoElement) => (v.srcObject as MediaStream | null)?.getAudioTracks().length ?? 0);

// Two agents watch one learner (the built portal and console, real relay and PeerJS). The second agent
// pressing 通話 during the first agent's call must be let in by the learner like any caller, and the
// call window names everyone on the call (issue 18, finding 6).
describe('a second agent joining a running call; a call across reloads and tabs', () => {
  const pair = useAssistPair();
  const secondAgent = useSecondAgent(pair);

  const callPrompt = () => pair.learner.getByRole('alertdialog', { name: '客服來電，要接聽嗎？' });

  it('the first agent calls and the learner answers: the call window names that agent', async () => {
    const { agent, callWindow } = pair;
    await agent.getByRole('button', { name: '通話', exact: true }).click();
    await callPrompt().waitFor({ timeout: 15_000 });
    await callPrompt().getByRole('button', { name: '接聽' }).click();
    await callWindow.locator('[data-assist="agent-name"]').filter({ hasText: '客服阿哲' }).waitFor();
    await expect.poll(() => learnerAudioAt(agent), { timeout: 15_000 }).toBe(1);
  });

  it('the second agent is asked for: no microphone until the learner answers, then the window names both', async () => {
    const { callWindow } = pair;
    const second = secondAgent.page;
    await second.getByRole('button', { name: '通話', exact: true }).click();
    await callPrompt().waitFor({ timeout: 15_000 });
    // While the learner decides, the second agent has nothing of the learner.
    await second.getByText('等待學員接聽…').waitFor();
    expect(await learnerAudioAt(second)).toBe(0);
    await callPrompt().getByRole('button', { name: '接聽' }).click();
    await expect.poll(() => learnerAudioAt(second), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => callWindow.locator('[data-assist="agent-name"]').textContent())
      .toBe('客服阿哲, 客服小芸');
  });

  it('the second agent hangs up: the call goes on with the first, and the window names only that one', async () => {
    const { agent, callWindow } = pair;
    const second = secondAgent.page;
    await second.getByRole('button', { name: '結束通話' }).click();
    await expect
      .poll(() => callWindow.locator('[data-assist="agent-name"]').textContent(), { timeout: 15_000 })
      .toBe('客服阿哲');
    expect(await learnerAudioAt(agent)).toBe(1);
  });

  it('declined: the second agent’s call ends and the first goes on', async () => {
    const { agent, callWindow } = pair;
    const second = secondAgent.page;
    await second.getByRole('button', { name: '通話', exact: true }).click();
    await callPrompt().waitFor({ timeout: 15_000 });
    await callPrompt().getByRole('button', { name: '拒絕' }).click();
    await second.getByTestId('call-state').filter({ hasText: '學員拒絕了通話。' }).waitFor();
    expect(await callWindow.locator('[data-assist="agent-name"]').textContent()).toBe('客服阿哲');
    expect(await learnerAudioAt(agent)).toBe(1);
  });

  // Issue 21: the first agent's call goes on across the learner's reload and SPA moves (ADR 0056).
  const timer = () => pair.callWindow.locator('[data-assist="timer"]');
  const seconds = (mmss: string | null) => {
    const [m, s] = (mmss ?? '').split(':').map(Number);
    return (m ?? 0) * 60 + (s ?? 0);
  };

  it('the learner reloads mid-call: the call comes back without a prompt and its timer goes on', async () => {
    const { learner, agent, callWindow } = pair;
    await expect
      .poll(async () => seconds(await timer().textContent()), { timeout: 10_000 })
      .toBeGreaterThan(1);
    const before = seconds(await timer().textContent());
    await learner.reload();
    // No new prompt: the learner's yes to this call holds for its agent coming back.
    await callWindow
      .locator('[data-assist="agent-name"]')
      .filter({ hasText: '客服阿哲' })
      .waitFor({ timeout: 20_000 });
    expect(await callPrompt().count()).toBe(0);
    expect(seconds(await timer().textContent())).toBeGreaterThanOrEqual(before);
    await expect.poll(() => learnerAudioAt(agent), { timeout: 15_000 }).toBe(1);
    await agent.getByRole('button', { name: '結束通話' }).waitFor();
    expect(await agent.getByTestId('call-state').count()).toBe(0);
  });

  it('an SPA move keeps the call window and its timer', async () => {
    const { learner, agent, callWindow } = pair;
    const before = seconds(await timer().textContent());
    await learner
      .getByRole('link', { name: /^通知訊息/ })
      .first()
      .click();
    await learner.waitForURL('**/user/messages');
    await callWindow.locator('[data-assist="agent-name"]').filter({ hasText: '客服阿哲' }).waitFor();
    expect(seconds(await timer().textContent())).toBeGreaterThanOrEqual(before);
    expect(await learnerAudioAt(agent)).toBe(1);
    // The call window is the learner's, not the page's: the agent's mirror shows no trace of it.
    await agent.frameLocator('[data-testid="live-player"] iframe').getByRole('heading').first().waitFor();
    const shownFrames = await agent.evaluate(() => {
      const f = document.querySelector('[data-testid="live-player"] iframe') as HTMLIFrameElement | null;
      const doc = f?.contentDocument;
      return Array.from(doc?.querySelectorAll('iframe') ?? []).filter(
        (x) => doc?.defaultView?.getComputedStyle(x).display !== 'none',
      ).length;
    });
    expect(shownFrames).toBe(0);
  });

  it('the learner hangs up (the agent reads so); the next call asks again and its timer starts at 00:00', async () => {
    const { learner, agent, callWindow } = pair;
    await callWindow.getByRole('button', { name: '結束通話' }).click();
    await agent.getByTestId('call-state').filter({ hasText: '學員結束了通話。' }).waitFor();
    await learner.locator('[data-assist="call-window"]').waitFor({ state: 'detached' });
    await agent.getByRole('button', { name: '通話', exact: true }).click();
    await callPrompt().waitFor({ timeout: 15_000 });
    await callPrompt().getByRole('button', { name: '接聽' }).click();
    await callWindow.locator('[data-assist="agent-name"]').filter({ hasText: '客服阿哲' }).waitFor();
    expect(await timer().textContent()).toMatch(/^00:0\d$/);
  });

  it('with two learner tabs the agent picks the one the mirror shows; when it closes the mirror follows the other', async () => {
    const { learnerContext, learner, agent } = pair;
    // Read from the mirror's document itself: picking a tab replaces the mirror's iframe.
    const mirrorText = () =>
      agent.evaluate(() => {
        const f = document.querySelector('[data-testid="live-player"] iframe') as HTMLIFrameElement | null;
        return f?.contentDocument?.body?.textContent ?? '';
      });
    await learner.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = '第一個分頁';
      document.body.prepend(p);
    });
    await expect.poll(mirrorText, { timeout: 10_000 }).toContain('第一個分頁');
    const other = await learnerContext.newPage();
    await other.goto('/user/messages');
    const picker = agent.getByRole('combobox', { name: '分頁' });
    await expect.poll(() => picker.locator('option').count(), { timeout: 20_000 }).toBe(2);
    await other.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = '第二個分頁';
      document.body.prepend(p);
    });
    const second = await picker.locator('option').nth(1).getAttribute('value');
    await picker.selectOption(second ?? '');
    await expect.poll(mirrorText, { timeout: 10_000 }).toContain('第二個分頁');
    expect(await mirrorText()).not.toContain('第一個分頁');
    await other.close();
    await picker.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(mirrorText, { timeout: 10_000 }).toContain('第一個分頁');
  });
});
