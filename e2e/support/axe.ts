import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation. `skipFrames`: iframes
 * that are not our interface (the console's replay of a recorded page, sandboxed without scripts, where axe
 * cannot run) are left out, and with them axe's look into frames.
 */
export async function expectAccessible(page: Page, screen: string, skipFrames: string[] = []): Promise<void> {
  // Half-faded elements (a modal or toast mid-transition) would be judged on their passing colours.
  // Endless ones (spinners) never settle and are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
  const builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  if (skipFrames.length) builder.options({ iframes: false });
  for (const frame of skipFrames) builder.exclude(frame);
  const results = await builder.analyze();
  // An empty page passes every rule; make sure axe really looked at the screen.
  expect(results.passes.length, `axe checked ${screen}`).toBeGreaterThan(0);
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = blocking.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `accessibility of ${screen}`).toEqual([]);
}

/** `expectAccessible` at a phone's width (375 px) and a laptop's (1280 px), as issue 23 asks of every screen. */
export async function expectAccessibleAtBothWidths(
  page: Page,
  screen: string,
  skipFrames: string[] = [],
  height = 800,
): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height });
    await expectAccessible(page, `${screen} at ${width} px`, skipFrames);
  }
}
