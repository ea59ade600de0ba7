import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium } from './browser.ts';
import { FakeIngest, type FakeIngestOptions } from './fake-ingest.ts';

/**
 * Call inside a describe: one Chromium for the file, and each test's fake ingest taken off the network after
 * the test. `serve()` starts the test's ingest.
 */
export function chromiumSuite(): {
  readonly browser: Browser;
  serve(o?: FakeIngestOptions): Promise<FakeIngest>;
} {
  let browser: Browser | undefined;
  let ingest: FakeIngest | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await ingest?.stop().catch(() => undefined);
    ingest = undefined;
  });
  return {
    get browser() {
      if (!browser) throw new Error('Chromium is not launched yet');
      return browser;
    },
    async serve(o?: FakeIngestOptions) {
      ingest = new FakeIngest(o);
      await ingest.listen();
      return ingest;
    },
  };
}
