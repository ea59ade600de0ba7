import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

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
