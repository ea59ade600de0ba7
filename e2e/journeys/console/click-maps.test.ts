import { createTestUser } from '@atrium/server/test/create-test-user';
import { describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { consoleAgent, flushRecording, recordedLearner } from './recorded-learner.ts';

/**
 * Issue 20's click map: a learner clicks the dashboard's heading three times with the real tracker; an agent
 * picks that page in the console and sees the clicks counted, the heading at the top of the list, and the
 * heat drawn over the replayed page where the clicks landed.
 */
describe('click maps (real Chromium, real tracker and ingest)', () => {
  const journey = useJourney();

  it('counts a page’s recorded clicks and draws them over a picture of the page', {
    timeout: 90_000,
  }, async () => {
    const { server } = journey;
    const learner = await recordedLearner(journey, '熱圖學員', { width: 1280, height: 800 });
    const lp = learner.page;
    const heading = lp.getByRole('heading').first();
    await heading.waitFor();
    const label = (await heading.textContent())?.trim() ?? '';
    for (let i = 0; i < 3; i++) await heading.click();
    await flushRecording(lp);
    const agent = await createTestUser(server.app, { role: 'agent' });
    const map = async () =>
      (
        await server.app.inject({
          method: 'GET',
          url: '/v1/console/click-maps?path=%2Fdashboard&days=7',
          headers: agent.auth,
        })
      ).json() as { clicks: number; cells: { x: number; y: number; count: number }[] };
    await expect.poll(async () => (await map()).clicks, { timeout: 20_000, interval: 300 }).toBe(3);
    await learner.context.close();

    const { page, context, cspViolations } = await consoleAgent(journey, '熱圖客服', '/console/click-maps');
    await page.getByLabel('網址路徑包含').fill('dash');
    await page.getByRole('button', { name: '搜尋' }).click();
    await page.getByRole('button', { name: /\/dashboard · 3 次點擊/ }).click();
    await expect.poll(() => page.getByTestId('click-map-summary').textContent()).toContain('共 3 次點擊');
    const top = page.getByTestId('click-map-elements').locator('tbody tr').first();
    expect(await top.textContent()).toContain(label);
    expect(await top.locator('td').last().textContent()).toBe('3');

    // The picture is the replayed dashboard, with the heat where the heading was clicked.
    const stage = page.getByTestId('click-map-stage');
    await page.locator('[data-testid=click-map-stage][data-drawn=true]').waitFor();
    const frame = page.frameLocator('[data-testid=click-map-stage] iframe');
    expect(await frame.getByRole('heading').first().textContent()).toContain(label);
    const [cell] = (await map()).cells;
    const alphaAt = (x: number, y: number) =>
      stage.locator('canvas').evaluate(
        (canvas: HTMLCanvasElement, at) => {
          const px = Math.floor(((at.x + 0.5) / 100) * canvas.width);
          const py = Math.floor(((at.y + 0.5) / 100) * canvas.height);
          return canvas.getContext('2d')?.getImageData(px, py, 1, 1).data[3] ?? 0;
        },
        { x, y },
      );
    expect(await alphaAt(cell!.x, cell!.y)).toBeGreaterThan(100);
    // Far from any click the picture stays clear.
    expect(await alphaAt((cell!.x + 50) % 100, (cell!.y + 50) % 100)).toBe(0);

    await expectAccessibleAtBothWidths(page, 'click map', ['[data-testid=click-map-stage] iframe'], 900);
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
