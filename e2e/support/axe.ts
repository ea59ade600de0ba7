import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Runs axe-core on the page as it is now and fails on any serious or critical violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
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
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  // An empty page passes every rule; make sure axe really looked at the screen.
  expect(results.passes.length, `axe checked ${screen}`).toBeGreaterThan(0);
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = blocking.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `accessibility of ${screen}`).toEqual([]);
}
