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

describe('the agent sees their own annotations', () => {
  const journey = useJourney();
  afterEach(() => closeSockets());

  it('draws the stroke over the mirror while it goes to the learner, selects nothing, and lets it fade', async () => {
    const s = await startTrackerSession(journey.server.app);
    const visitor = visitorSocket(journey.server.baseUrl, s);
    await connected(visitor);
    streamOnAgent(visitor, s.tabId, '作業頁');
    const { page, context } = await signInToConsole(journey.browser, journey.server);
    await page.goto(`/console/assist/${s.projectKey}/${s.sessionId}`);
    await page.frameLocator('[data-testid="live-player"] iframe').getByText('作業頁').waitFor();

    await page.getByRole('button', { name: '畫面標註' }).click();
    const box = await page.locator('[data-testid="live-player"] iframe').boundingBox();
    if (!box) throw new Error('no mirror');
    const started = next(visitor, 'startAnnotation');
    const stopped = next(visitor, 'stopAnnotation');
    await page.mouse.move(box.x + 30, box.y + 30);
    await page.mouse.down();
    await started;
    // The console sends a pointer move at most every 50 ms: move on until each step has reached the learner.
    let moves = 0;
    visitor.on('moveAnnotation', () => {
      moves += 1;
    });
    for (let i = 1; i <= 4; i += 1) {
      for (let nudge = 0; moves < i; nudge += 1) {
        if (nudge > 500) throw new Error('the stroke never moved on the learner');
        await page.mouse.move(box.x + 30 + i * 25 + (nudge % 2), box.y + 30 + i * 12);
      }
    }
    // While drawing, the agent sees the red stroke on the mirror.
    const stroke = page.getByTestId('own-annotation');
    await stroke.waitFor({ state: 'attached' });
    expect(await stroke.getAttribute('stroke')).toBe('red');
    expect((await stroke.getAttribute('points'))?.split(' ').length).toBeGreaterThan(2);
    await page.mouse.up();
    await stopped;
    // Dragging selected nothing on the console page.
    expect(await page.evaluate(() => document.getSelection()?.isCollapsed ?? true)).toBe(true);
    // It fades with the learner's (4 s), and is gone.
    await stroke.waitFor({ state: 'detached', timeout: 10_000 });
    await context.close();
  });
});
