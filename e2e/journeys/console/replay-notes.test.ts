import { createTestUser } from '@atrium/server/test/create-test-user';
import { describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { openBrowser } from '../../support/portal.ts';
import { untilRecording } from './until.ts';

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
    const { server, browser } = journey;
    // Signing in is the account journeys' subject: here both sides get their session cookie from the server.
    const learner = await createTestUser(server.app, { nickname: '備註學員' });
    const learnerBrowser = await openBrowser(browser, server);
    await learnerBrowser.context.addCookies([{ name: 'token', value: learner.token, url: server.baseUrl }]);
    const lp = learnerBrowser.page;
    await lp.goto('/dashboard');
    await untilRecording(lp);
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
    await lp.waitForFunction(() => {
      const w = window as unknown as { __atriumTrackerInstance: { forceFlushBatch(): void } };
      w.__atriumTrackerInstance.forceFlushBatch();
      return true;
    });

    const admin = await createTestUser(server.app, { role: 'admin' });
    const inject = (url: string) => server.app.inject({ method: 'GET', url, headers: admin.auth });
    let sessionId = '';
    await expect
      .poll(
        async () => {
          const list = await inject(`/v1/console/sessions?learner=${encodeURIComponent(learner.email)}`);
          sessionId = list.json().sessions[0]?.id ?? '';
          if (!sessionId) return false;
          return (await inject(`/v1/console/sessions/${sessionId}/messages`)).body.includes('view=list');
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBe(true);
    await learnerBrowser.context.close();

    const agent = await createTestUser(server.app, { role: 'agent', nickname: '客服小安' });
    const { page, context, cspViolations } = await openBrowser(browser, server);
    await context.addCookies([{ name: 'token', value: agent.token, url: server.baseUrl }]);
    await page.goto(`/console/sessions/${sessionId}`);
    await page.setViewportSize({ width: 1280, height: 900 });
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
