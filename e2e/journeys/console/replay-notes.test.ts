import { describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { consoleAgent, flushRecording, recordedLearner, storedRecording } from './recorded-learner.ts';

/**
 * Issue 20: notes on a moment, the link to a moment, the address bar over the player, and the assist
 * plugin's overlays kept out of the replay. A learner is recorded by the real tracker: the task board, an
 * SPA move to an address with a token in it, and (as if the assist plugin had left them in the page) an
 * agent pointer and a consent prompt.
 */
describe('notes and links on a recording’s moments (real Chromium, real tracker and ingest)', () => {
  const journey = useJourney();

  it('adds a note at the playhead, shows it on the timeline after a reload, and copies a link to the moment', {
    timeout: 120_000,
  }, async () => {
    const { server } = journey;
    const learner = await recordedLearner(journey, '備註學員');
    const lp = learner.page;
    await lp.getByRole('link', { name: '任務板' }).click();
    await lp.waitForURL('**/tasks/my');
    // What the assist plugin puts in a page (its class and data-assist hooks), recorded like any element.
    await lp.evaluate(() => {
      const pointer = document.createElement('div');
      pointer.className = 'atrium-assist-overlay';
      pointer.dataset.assist = 'pointer';
      pointer.textContent = 'AGENT-POINTER';
      const prompt = document.createElement('div');
      prompt.dataset.assist = 'confirm';
      prompt.textContent = 'CONSENT-PROMPT';
      document.body.append(pointer, prompt);
      history.pushState(null, '', '/tasks/my?token=s3cr3t-value&view=list');
    });
    await flushRecording(lp);
    const sessionId = await storedRecording(journey, learner.user.email, (messages) =>
      messages.includes('view=list'),
    );
    await learner.context.close();

    const { page, context, cspViolations } = await consoleAgent(
      journey,
      '客服小安',
      `/console/sessions/${sessionId}`,
    );
    const stage = page.getByTestId('player-stage');
    await stage.locator('iframe').waitFor();
    const frame = page.frameLocator('[data-testid=player-stage] iframe');
    const url = page.getByTestId('player-url');
    await expect.poll(() => url.textContent()).toContain('/dashboard');

    // The last page: the address bar follows the SPA move, with the token redacted.
    await page.getByTestId('marker-page').or(page.getByTestId('marker-group-page')).last().click();
    const groupItem = page.getByTestId('marker-group-item');
    if (await groupItem.count()) await groupItem.last().click();
    await expect.poll(() => url.textContent()).toContain('/tasks/my?token=[redacted]&view=list');
    expect(await url.textContent()).not.toContain('s3cr3t');

    // The plugin's overlays are in the replayed page, but never shown.
    for (const selector of ['.atrium-assist-overlay', '[data-assist=confirm]']) {
      const overlay = frame.locator(selector);
      await overlay.waitFor({ state: 'attached' });
      expect(await overlay.evaluate((el) => getComputedStyle(el).display), selector).toBe('none');
    }
    // biome-ignore lint/performance/useDomNodeTextContent: innerText is what is shown, which is the point
    expect(await frame.locator('body').innerText()).not.toContain('CONSENT-PROMPT');

    // A note at the playhead.
    const at = (await page.getByTestId('playhead').textContent())?.split(' / ')[0] ?? '';
    expect(at).not.toBe('');
    await page.getByLabel(`在 ${at} 加入備註`).fill('這裡學員換了網址，請看篩選條件');
    await page.getByRole('button', { name: '加入備註' }).click();
    const note = page.getByTestId('note');
    await expect.poll(() => note.count()).toBe(1);
    expect(await note.textContent()).toContain('這裡學員換了網址，請看篩選條件');
    expect(await note.textContent()).toContain('客服小安');
    expect(await note.getByRole('button', { name: `跳到 ${at}` }).count()).toBe(1);
    await page.getByTestId('marker-note').waitFor();
    await expectAccessibleAtBothWidths(page, 'player with notes', ['[data-testid=player-stage] iframe'], 900);

    // After a reload the note is still there; its marker takes the playhead back to its moment.
    await page.reload();
    await stage.locator('iframe').waitFor();
    await page.getByTestId('marker-note').click();
    await expect.poll(() => page.getByTestId('playhead').textContent()).toMatch(new RegExp(`^${at} /`));
    expect(await page.getByTestId('note').textContent()).toContain('這裡學員換了網址');

    // Its author edits it.
    await page.getByTestId('note').getByRole('button', { name: '編輯' }).click();
    await page.getByLabel('備註內容').fill('改過：篩選條件在網址裡');
    await page.getByRole('button', { name: '儲存' }).click();
    await expect.poll(() => page.getByTestId('note').textContent()).toContain('改過：篩選條件在網址裡');

    // The copied link opens the same moment in another tab.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await page.getByTestId('link-moment').click();
    await page.getByText('已複製連結').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`/console/sessions/${sessionId}\\?.*t=\\d`));
    await page.goto('/console/sessions');
    await page.goto(link);
    await stage.locator('iframe').waitFor();
    await expect.poll(() => page.getByTestId('playhead').textContent()).toMatch(new RegExp(`^${at} /`));
    await page.getByTestId('marker-note').waitFor();

    // And deletes it: gone from the list and the timeline.
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByTestId('note').getByRole('button', { name: '刪除' }).click();
    await expect.poll(() => page.getByTestId('note').count()).toBe(0);
    expect(await page.getByTestId('marker-note').count()).toBe(0);
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
