import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasChromium } from './browser.ts';
import { chromiumSuite } from './chromium-suite.ts';
import type { FakeIngest } from './fake-ingest.ts';

const here = dirname(fileURLToPath(import.meta.url));
// The fixture page under a CSP that allows same-origin workers only: our Blob worker can never run.
const noBlobWorkers = readFileSync(join(here, 'fixtures/basic.html'), 'utf8').replace(
  "worker-src 'self' blob:",
  "worker-src 'self'",
);

describe.skipIf(!hasChromium)('CSP without blob: workers (Chromium, built IIFE)', () => {
  const suite = chromiumSuite();
  let ingest: FakeIngest;

  it("start fails with the spec's 'No worker found' instead of recording into nowhere", async () => {
    ingest = await suite.serve({ pages: { '/csp.html': noBlobWorkers } });
    const page = await suite.browser.newPage();
    await page.goto(`${ingest.origin}/csp.html`);
    const result = await page.evaluate(async () => {
      const w = window as unknown as {
        AtriumTracker: new (o: unknown) => { start(): Promise<unknown>; getState(): string };
      };
      const t = new w.AtriumTracker({
        projectKey: 'pk-1',
        __DISABLE_SECURE_MODE: true,
        onWarning: () => undefined,
      });
      const r = await t.start();
      return { r, state: t.getState() };
    });
    expect(result).toEqual({
      r: { success: false, reason: 'No worker found: perhaps, CSP is not set.' },
      state: 'NotActive',
    });
    expect(ingest.batches).toEqual([]);
    await page.close();
  });
});
