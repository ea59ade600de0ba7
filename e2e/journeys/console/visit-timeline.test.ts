import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { consoleAgent, flushRecording, recordedLearner, storedRecording } from './recorded-learner.ts';
import { untilRecording } from './until.ts';

/**
 * A tab switch as the browser tells the page: headless Chromium keeps every page visible, so the journey
 * says so itself, the way a real switch does (`visibilitychange` in the page left and the page shown).
 */
async function setVisible(page: Page, visible: boolean) {
  await page.evaluate((shown) => {
    if (shown) delete (document as { visibilityState?: unknown }).visibilityState;
    else Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);
}

const TYPED = 'typed in tab two';

/**
 * Issue 20: one timeline across the tabs of a visit (ADR 0070). A learner works in a first tab, opens a second
 * one, types there, and comes back to the first; an agent plays the visit on one timeline: the second tab's
 * typing at its moment, the first tab after, each switch labelled, and a note made on the second tab listed
 * (and opened in its tab) while the first is on the stage.
 */
describe('one timeline across the tabs of a visit (real Chromium, real tracker and ingest)', () => {
  const journey = useJourney();

  it('plays the visit across its tabs, switching at each tab change, with notes of every tab', {
    timeout: 150_000,
  }, async () => {
    const { server } = journey;
    const learnerBrowser = await recordedLearner(journey, '多分頁學員');
    const first = learnerBrowser.page;
    await first.getByRole('link', { name: '任務板' }).click();
    await first.waitForURL('**/tasks/my');
    await first.waitForTimeout(500);

    // Tab 2, opened from the first (its copy of sessionStorage joins the visit), in front.
    const [second] = await Promise.all([
      learnerBrowser.context.waitForEvent('page'),
      first.evaluate(() => {
        window.open('/user');
      }),
    ]);
    await setVisible(first, false);
    await untilRecording(second);
    const about = second.getByLabel('自我介紹');
    await about.waitFor();
    await second.waitForTimeout(500);
    await about.pressSequentially(TYPED, { delay: 30 });
    await second.getByText(`${TYPED.length} / `).waitFor();
    await second.waitForTimeout(2500);

    // Back to tab 1, where the learner goes on to the messages.
    await setVisible(second, false);
    await setVisible(first, true);
    await first.waitForTimeout(500);
    await first.getByRole('link', { name: '通知訊息' }).first().click();
    await first.waitForURL('**/user/messages');
    await flushRecording(first, second);
    const sessionId = await storedRecording(
      journey,
      learnerBrowser.user.email,
      (messages) => {
        const tabs = new Set(
          messages
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l).tabId),
        );
        return (
          tabs.size === 2 && messages.includes('/user/messages') && messages.includes(`${TYPED.length} / `)
        );
      },
      30_000,
    );
    await learnerBrowser.context.close();

    const { page, context, cspViolations } = await consoleAgent(
      journey,
      '客服小多',
      `/console/sessions/${sessionId}`,
    );
    const stage = page.getByTestId('player-stage');
    await stage.locator('iframe').waitFor();
    const frame = page.frameLocator('[data-testid=player-stage] iframe');
    const shownTab = page.getByTestId('player-tab');
    const replayed = () => frame.locator('body').textContent();

    // One timeline: the visit's stretches, labelled by tab, in the order the learner went.
    const segments = page.getByTestId('tab-segment');
    await expect.poll(() => segments.allTextContents()).toEqual(['分頁 1', '分頁 2', '分頁 1']);
    expect(await shownTab.textContent()).toBe('分頁 1');
    await expect.poll(replayed).toContain('任務板');

    // From tab 2's stretch, playing crosses the typing (tab 2 on the stage) and the switch back to tab 1.
    await segments.nth(1).click();
    await expect.poll(() => shownTab.textContent()).toBe('分頁 2');
    await page.getByRole('button', { name: '2×' }).click();
    await page.getByTestId('play-pause').click();
    await expect.poll(replayed, { timeout: 15_000, interval: 50 }).toContain(`${TYPED.length} / `);
    expect(await shownTab.textContent()).toBe('分頁 2');
    await expect.poll(() => shownTab.textContent(), { timeout: 15_000, interval: 50 }).toBe('分頁 1');
    await page.getByRole('button', { name: '暫停' }).click();
    expect(await replayed()).not.toContain(`${TYPED.length} / `);

    // A note on tab 2, after its typing: a second before the switch back (the learner waited 2.5 s there).
    await segments.nth(2).click();
    await expect.poll(() => shownTab.textContent()).toBe('分頁 1');
    const scrubber = page.getByLabel('播放位置');
    const switchedBack = Number(await scrubber.inputValue());
    await scrubber.evaluate((input, value) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, String(value));
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, switchedBack - 1000);
    await expect.poll(() => shownTab.textContent()).toBe('分頁 2');
    await expect.poll(replayed).toContain(`${TYPED.length} / `);
    const at = (await page.getByTestId('playhead').textContent())?.split(' / ')[0] ?? '';
    await page.getByLabel(`在 ${at} 加入備註`).fill('學員在第二個分頁寫了自我介紹');
    await page.getByRole('button', { name: '加入備註' }).click();
    await page.getByTestId('note').waitFor();

    // Reopened, the visit starts on tab 1; the notes list still has tab 2's note, which opens in tab 2.
    await page.reload();
    await stage.locator('iframe').waitFor();
    await expect.poll(() => shownTab.textContent()).toBe('分頁 1');
    const note = page.getByTestId('note');
    await expect.poll(() => note.textContent()).toContain('學員在第二個分頁寫了自我介紹');
    expect(await note.textContent()).toContain('分頁 2');
    await note.getByRole('button', { name: `跳到分頁 2的 ${at}` }).click();
    await expect.poll(() => shownTab.textContent()).toBe('分頁 2');
    await expect.poll(() => page.getByTestId('playhead').textContent()).toMatch(new RegExp(`^${at} /`));
    await expect.poll(replayed).toContain(`${TYPED.length} / `);
    // The devtools follow the tab shown: tab 2's events are its page and typing, not tab 1's messages.
    await page.getByRole('tab', { name: /^事件/ }).click();
    await expect.poll(() => page.getByTestId('event-items').textContent()).toContain('/user');
    expect(await page.getByTestId('event-items').textContent()).not.toContain('/user/messages');

    // The link to this moment opens it in tab 2 again.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await page.getByTestId('link-moment').click();
    await page.getByText('已複製連結').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/[?&]tab=/);
    await page.goto(link);
    await stage.locator('iframe').waitFor();
    await expect.poll(() => shownTab.textContent()).toBe('分頁 2');
    await expect.poll(replayed).toContain(`${TYPED.length} / `);

    await expectAccessibleAtBothWidths(
      page,
      'player across tabs',
      ['[data-testid=player-stage] iframe'],
      900,
    );
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
