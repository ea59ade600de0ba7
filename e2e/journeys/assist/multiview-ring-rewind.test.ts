import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { useTwoLearnersOnline } from './two-learners-online.ts';

const MIRRORS = ['[data-testid="live-player"]'];

// Issue 21 (ADR 0065): up to four learners side by side, one click to focus one; the incoming call rings on
// the learner's side; a live session's recording so far, then back to live. The built portal and console,
// the real relay and PeerJS server.
describe('multiview, ring and rewind', () => {
  const rowNames = async () =>
    (await online.agent.getByTestId('live-row').locator('td:nth-child(2) a').allTextContents()).sort();

  // Keeps the audio contexts 小北's pages open, to hear whether the call prompt rings.
  const listenForAudio = (context: BrowserContext) =>
    context.addInitScript(() => {
      const Base = window.AudioContext;
      const opened: AudioContext[] = [];
      Object.assign(window, { __audio: opened });
      window.AudioContext = class extends Base {
        constructor(options?: AudioContextOptions) {
          super(options);
          opened.push(this);
        }
      };
    });
  const online = useTwoLearnersOnline(listenForAudio);

  it('two picked learners play side by side, read-only; 專注 opens one in the full live view', async () => {
    const { agent } = online;
    await agent.setViewportSize({ width: 1280, height: 900 });
    await agent.goto('/console/live');
    await expect.poll(rowNames, { timeout: 20_000 }).toEqual(['小北', '小安'].sort());
    await agent.getByLabel('選擇 小安 並排檢視').check();
    await agent.getByLabel('選擇 小北 並排檢視').check();
    await agent.getByRole('button', { name: '並排檢視（2/4）' }).click();
    await agent.waitForURL('**/console/live/multiview?**');
    for (const name of ['小安', '小北']) {
      const tile = agent.getByRole('region', { name });
      await tile.getByTestId('multiview-connection').filter({ hasText: '即時' }).waitFor({ timeout: 20_000 });
      // The agent's arrival restarted the learner's tracker: the full snapshot shows the dashboard.
      await tile
        .frameLocator('[data-testid="live-player"] iframe')
        .getByTestId('greeting')
        .waitFor({ timeout: 20_000 });
      // Read-only: nothing in a tile calls or takes control.
      expect(await tile.getByRole('button').count()).toBe(0);
    }
    await expectAccessible(agent, 'the multiview at 1280 px', MIRRORS);
    await agent.setViewportSize({ width: 375, height: 740 });
    await expectAccessible(agent, 'the multiview at 375 px', MIRRORS);
    await agent.setViewportSize({ width: 1280, height: 900 });

    await agent.getByRole('link', { name: '專注檢視 小北' }).click();
    await agent.waitForURL('**/console/assist/**');
    await agent.getByTestId('assist-connection').filter({ hasText: '即時' }).waitFor();
    await agent.getByRole('button', { name: '通話', exact: true }).waitFor();
  });

  it('an incoming call rings on the learner’s side until the learner answers or declines', async () => {
    const { agent, north } = online;
    const audio = () =>
      north.page.evaluate(() =>
        ((window as unknown as { __audio: AudioContext[] }).__audio ?? []).map((c) => c.state),
      );
    // A learner using the page has clicked on it: the browser lets it play sound.
    await north.page.getByTestId('greeting').click();
    expect(await audio()).toEqual([]);
    await agent.getByRole('button', { name: '通話', exact: true }).click();
    const prompt = north.page.getByRole('alertdialog', { name: '客服來電，要接聽嗎？' });
    await prompt.waitFor({ timeout: 15_000 });
    await expect.poll(audio).toEqual(['running']);
    await prompt.getByRole('button', { name: '拒絕' }).click();
    await expect.poll(audio).toEqual(['closed']);
    await agent.getByTestId('call-state').filter({ hasText: '學員拒絕了通話。' }).waitFor();
  });

  it('回看前一分鐘 opens the recording so far in the player; 回到即時 returns to the live view', async () => {
    const { agent } = online;
    const live = agent.url();
    await agent.getByRole('button', { name: '回看前一分鐘' }).click();
    await agent.waitForURL('**/rewind?at=*');
    await agent.getByRole('heading', { name: '小北 的錄影' }).waitFor();
    // What the tracker uploaded so far is rebuilt in the replay frame.
    await agent.getByTestId('player-stage').locator('iframe').waitFor({ timeout: 20_000 });
    for (const width of [1280, 375]) {
      await agent.setViewportSize({ width, height: 900 });
      await expectAccessible(agent, `the rewind at ${width} px`, ['[data-testid=player-stage] iframe']);
    }
    await agent.setViewportSize({ width: 1280, height: 900 });
    await agent.getByRole('link', { name: '回到即時' }).click();
    expect(agent.url()).toBe(live);
    await agent.getByTestId('assist-connection').filter({ hasText: '即時' }).waitFor();
  });
});
