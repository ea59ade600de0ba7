import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { Tracker } from '../src/tracker.ts';
import { FakeIngest, type FakeIngestOptions } from './fake-ingest.ts';
import { inProcessWorker } from './in-process-worker.ts';

/**
 * Unit tests of the public tracker under happy-dom, against the protocol-level fake ingest, with the real
 * upload worker code run in-process. Call at the top of a file; `make()` builds the test's tracker (destroyed,
 * and storage cleared, after each test).
 */
export function happyDomTracker(ingestOpts: FakeIngestOptions = {}) {
  const ctx = {
    ingest: null as unknown as FakeIngest,
    make(extra: Record<string, unknown> = {}, createWorker: () => unknown = inProcessWorker): Tracker {
      current = new Tracker(
        {
          projectKey: 'pk',
          ingestPoint: `${ctx.ingest.origin}/ingest`,
          __DISABLE_SECURE_MODE: true,
          onWarning: () => undefined, // rrweb does not run under happy-dom: its module warning is expected
          ...extra,
        } as never,
        { createWorker: createWorker as never },
      );
      return current;
    },
  };
  let current: Tracker | null = null;
  beforeAll(async () => {
    // happy-dom has neither Worker nor performance.timing, both required by spec §5.
    if (typeof Worker === 'undefined') vi.stubGlobal('Worker', class {});
    if (!('timing' in performance))
      Object.defineProperty(performance, 'timing', { value: { navigationStart: Date.now() } });
    ctx.ingest = new FakeIngest(ingestOpts);
    await ctx.ingest.listen();
  });
  afterAll(async () => {
    await ctx.ingest.stop();
  });
  afterEach(() => {
    current?.destroy();
    current = null;
    sessionStorage.clear();
    localStorage.clear();
  });
  return ctx;
}
