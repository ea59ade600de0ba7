import { MessageType } from '@atrium/protocol/tracker/messages';
import { describe, expect, it } from 'vitest';
import { flushUntil, hasChromium } from './browser.ts';
import { chromiumSuite } from './chromium-suite.ts';
import type { FakeIngest } from './fake-ingest.ts';

describe.skipIf(!hasChromium)('large renders (Chromium, built IIFE, default options)', () => {
  const suite = chromiumSuite();
  let ingest: FakeIngest;

  it('one render of a 2 000-row table (14 001 changes) is recorded whole: no pause, every row stored', async () => {
    ingest = await suite.serve({ beaconSizeLimit: 5_000_000 });
    const page = await suite.browser.newPage();
    await page.goto(`${ingest.origin}/fixtures/basic.html`);
    const r = await page.evaluate(async () => {
      const w = window as unknown as {
        AtriumTracker: new (
          o: unknown,
        ) => {
          start(): Promise<{ success: boolean; sessionID: string }>;
          forceFlushBatch(): void;
        };
      };
      const t = new w.AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true });
      const result = await t.start();
      const table = document.createElement('table');
      const body = document.createElement('tbody');
      for (let i = 0; i < 2000; i += 1) {
        const tr = document.createElement('tr');
        for (const v of [`row-${i}`, String(i * 7), 'ok']) {
          const td = document.createElement('td');
          td.textContent = v;
          tr.append(td);
        }
        body.append(tr);
      }
      table.append(body);
      document.body.append(table);
      (w as unknown as { tracker: typeof t }).tracker = t;
      return result;
    });
    expect(r.success).toBe(true);
    const text = await flushUntil(
      page,
      () => {
        const t = JSON.stringify(ingest.messages(r.sessionID));
        return t.includes('row-1999') && t;
      },
      'the last row',
      30_000,
    );
    for (const i of [0, 500, 1000, 1500, 1999]) expect(text).toContain(`"row-${i}"`);
    expect(ingest.messages(r.sessionID).filter((m) => m[0] === MessageType.RecorderDegraded)).toEqual([]);
    await page.close();
  });
});
