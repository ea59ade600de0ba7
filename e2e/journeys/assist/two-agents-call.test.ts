import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAssistPair, useSecondAgent } from './assist-journey.ts';

// Two agents in one call with a learner on a phone-wide page (the built portal and console, real relay
// and PeerJS, Chromium's fake cameras): the learner sees each agent's camera, named, and an agent
// hanging up or dropping takes only their own video away (issue 21: a visible stream per agent).
describe('two agents calling one learner: a video per agent', () => {
  const pair = useAssistPair();
  const secondAgent = useSecondAgent(pair, (learner) => learner.setViewportSize({ width: 375, height: 740 }));

  const tiles = () => pair.callWindow.locator('[data-assist="tile"]');
  const names = () => tiles().locator('[data-assist="tile-name"]').allTextContents();
  /** Whether each agent's video in the call window plays frames of a camera. */
  const playing = () =>
    tiles()
      .locator('video')
      .evaluateAll((vs: HTMLVideoElement[]) =>
        vs.map((v) => v.readyState >= 2 && !v.paused && v.videoWidth > 0),
      );
  const answer = async (caller: Page) => {
    await caller.getByRole('button', { name: '通話', exact: true }).click();
    const prompt = pair.learner.getByRole('alertdialog', { name: '客服來電，要接聽嗎？' });
    await prompt.waitFor({ timeout: 15_000 });
    await prompt.getByRole('button', { name: '接聽' }).click();
  };

  it('both agents call and the learner answers both: two named videos play, the window on the 375 px screen', async () => {
    const { learner, agent } = pair;
    const second = secondAgent.page;
    await answer(agent);
    await expect.poll(playing, { timeout: 15_000 }).toEqual([true]);
    await answer(second);
    await expect.poll(playing, { timeout: 15_000 }).toEqual([true, true]);
    expect(await names()).toEqual(['客服阿哲', '客服小芸']);
    for (const i of [0, 1])
      expect(await tiles().nth(i).locator('[data-assist="tile-name"]').isVisible()).toBe(true);
    const frame = await learner.locator('[data-assist="call-window"]').boundingBox();
    expect(frame?.x).toBeGreaterThanOrEqual(0);
    expect((frame?.x ?? 0) + (frame?.width ?? 0)).toBeLessThanOrEqual(375);
    for (const i of [0, 1]) {
      const box = await tiles().nth(i).boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0));
    }
  });

  it('the second agent hangs up: one video is left, the first agent’s, still playing', async () => {
    const { callWindow } = pair;
    const second = secondAgent.page;
    await second.getByRole('button', { name: '結束通話' }).click();
    await expect.poll(() => tiles().count(), { timeout: 15_000 }).toBe(1);
    expect(await playing()).toEqual([true]);
    // A lone agent's window is as it always was: the header names them, their video carries the name.
    expect(await callWindow.locator('[data-assist="agent-name"]').textContent()).toBe('客服阿哲');
    expect(await callWindow.getByLabel('客服阿哲', { exact: true }).count()).toBe(1);
    expect(await callWindow.getByText('客服阿哲').count()).toBe(1);
  });

  it('the second agent calls again and then drops (their console closes): their video goes, the call goes on', async () => {
    const { callWindow } = pair;
    const { page: second, context: secondContext } = secondAgent;
    await answer(second);
    await expect.poll(playing, { timeout: 15_000 }).toEqual([true, true]);
    expect(await names()).toEqual(['客服阿哲', '客服小芸']);
    await secondContext.close();
    await expect.poll(() => tiles().count(), { timeout: 15_000 }).toBe(1);
    expect(await playing()).toEqual([true]);
    expect(await callWindow.getByLabel('客服阿哲', { exact: true }).count()).toBe(1);
  });
});
