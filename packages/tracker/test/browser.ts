import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
if (!hasChromium)
  console.warn(`tracker browser tests skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Polls until check() is truthy (the tracker uploads asynchronously). */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 20_000,
): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as Exclude<T, false | null | undefined | 0 | ''>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Flushes the page's tracker (`window.tracker`) and polls until check() is truthy: what the tracker commits on
 * its own tick (a value after a typing pause, a scroll) is awaited instead of slept for.
 */
export function flushUntil<T>(page: Page, check: () => T, what: string, timeoutMs?: number) {
  return waitFor(
    async () => {
      await page.evaluate(() =>
        (window as unknown as { tracker: { forceFlushBatch(): void } }).tracker.forceFlushBatch(),
      );
      return check();
    },
    what,
    timeoutMs,
  );
}
