import { MessageType } from '@atrium/protocol/tracker/messages';
import { INGEST_PATHS } from '@atrium/protocol/tracker/paths';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { flushUntil, hasChromium, waitFor } from './browser.ts';
import { chromiumSuite } from './chromium-suite.ts';
import type { FakeIngest } from './fake-ingest.ts';

type AnyMsg = unknown[];
type Win = { AtriumTracker: new (o: unknown) => T; tracker: T };
type T = {
  start(s?: unknown): Promise<{ success: boolean; sessionID?: string; reason?: string }>;
  stop(): void;
  coldStart(s?: unknown, conditional?: boolean): Promise<{ success: boolean; reason?: string }>;
  startOfflineRecording(s?: unknown): { success: boolean };
  saveBuffer(): boolean;
  uploadOfflineRecording(): Promise<{ success: boolean; sessionID?: string; reason?: string }>;
  forceFlushBatch(): void;
  getState(): string;
};

const ofType = (msgs: AnyMsg[], t: number) => msgs.filter((m) => m[0] === t);
const rrweb = (msgs: AnyMsg[]) =>
  ofType(msgs, MessageType.RrwebEvent).map((m) => m[1] as { type: number; data: Record<string, unknown> });
/** How many times a marker text was added to the DOM in the uploaded recording. */
const markerCount = (msgs: AnyMsg[], marker: string) =>
  rrweb(msgs).filter((e) => e.type === 3 && JSON.stringify(e.data).includes(`"${marker}"`)).length;

async function open(
  browser: Browser,
  ingest: FakeIngest,
  opts: Record<string, unknown> = {},
  path = '/fixtures/basic.html',
) {
  const page = await browser.newPage();
  await page.goto(`${ingest.origin}${path}`);
  await page.evaluate((o) => {
    const w = window as unknown as Win;
    w.tracker = new w.AtriumTracker({
      projectKey: 'pk-1',
      __DISABLE_SECURE_MODE: true,
      connAttemptGap: 100,
      ...o,
    });
  }, opts);
  return page;
}

const addMarker = (page: Page, marker: string) =>
  page.evaluate((m) => {
    const li = document.createElement('li');
    li.textContent = m;
    document.getElementById('list')!.append(li);
  }, marker);
const flush = (page: Page) => page.evaluate(() => (window as unknown as Win).tracker.forceFlushBatch());

describe.skipIf(!hasChromium)('tracker delivery in Chromium', () => {
  const suite = chromiumSuite();

  it('loses nothing and duplicates nothing when the ingest server goes away and comes back', async () => {
    const ingest = await suite.serve();
    const page = await open(suite.browser, ingest);
    expect((await page.evaluate(() => (window as unknown as Win).tracker.start())).success).toBe(true);
    for (let i = 0; i < 5; i++) await addMarker(page, `before-${i}`);
    await flush(page);
    await waitFor(() => markerCount(ingest.messages(), 'before-4') === 1, 'the first markers');
    const refused: string[] = [];
    page.on('requestfailed', (r) => {
      if (r.url().includes(INGEST_PATHS.batch)) refused.push(r.url());
    });
    await ingest.stop();
    for (let i = 0; i < 10; i++) {
      await addMarker(page, `during-${i}`);
      if (i % 3 === 0) await flush(page); // batches pile up in the worker while the server is gone
    }
    // The worker has met the outage: an upload was refused (and will be retried).
    await waitFor(() => refused.length > 0, 'an upload refused while the server is away');
    await ingest.resume();
    for (let i = 0; i < 3; i++) await addMarker(page, `after-${i}`);
    await flush(page);
    const msgs = await waitFor(() => {
      const m = ingest.messages();
      return markerCount(m, 'after-2') === 1 && m;
    }, 'markers after the restart');
    for (const m of [
      ...[0, 1, 2, 3, 4].map((i) => `before-${i}`),
      ...Array.from({ length: 10 }, (_, i) => `during-${i}`),
      'after-0',
      'after-1',
      'after-2',
    ]) {
      expect(markerCount(msgs, m), m).toBe(1);
    }
    // Batches are contiguous per page: seq 0..n without gaps.
    const seqs = ingest.sorted().map((b) => b.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(Math.max(...seqs) + 1).toBe(new Set(seqs.map((s) => Math.floor(s))).size);
    // Time order kept: the Timestamp messages never go backwards across batches.
    const ts = ofType(msgs, MessageType.Timestamp).map((m) => m[1] as number);
    expect([...ts].sort((a, b) => a - b)).toEqual(ts);
    await page.close();
  });

  it('stop() still delivers what was recorded before it', async () => {
    const ingest = await suite.serve();
    const page = await open(suite.browser, ingest);
    await page.evaluate(() => (window as unknown as Win).tracker.start());
    await addMarker(page, 'just-before-stop');
    await page.evaluate(() => (window as unknown as Win).tracker.stop());
    await waitFor(() => markerCount(ingest.messages(), 'just-before-stop') === 1, 'the last batch');
    await page.close();
  });

  it('renews an expired token (401) and keeps the same session', async () => {
    const ingest = await suite.serve();
    const page = await open(suite.browser, ingest);
    const r = await page.evaluate(() => (window as unknown as Win).tracker.start());
    for (const t of ingest.tokens.keys()) ingest.expired.add(t);
    await addMarker(page, 'after-expiry');
    await flush(page);
    await waitFor(
      () => markerCount(ingest.messages(), 'after-expiry') === 1,
      'upload with the renewed token',
    );
    expect(ingest.starts).toHaveLength(2);
    expect(ingest.starts[1]!.token).toMatch(/^tok-s1-/);
    expect(ingest.sorted().every((b) => b.sessionID === r.sessionID)).toBe(true);
    await page.close();
  });

  it('compresses bodies over compressionThreshold and splits at beaconSizeLimit', async () => {
    const ingest = await suite.serve({ compressionThreshold: 2000, beaconSizeLimit: 60_000 });
    const page = await open(suite.browser, ingest);
    await page.evaluate(() => (window as unknown as Win).tracker.start());
    await page.evaluate(() => {
      for (let i = 0; i < 400; i++) {
        const p = document.createElement('p');
        p.textContent = `paragraph number ${i} with some filler text to make it longer than usual`;
        document.body.append(p);
      }
    });
    await flush(page);
    await waitFor(
      () => rrweb(ingest.messages()).some((e) => JSON.stringify(e.data).includes('paragraph number 399')),
      'big mutation',
    );
    expect(ingest.gzipped).toBeGreaterThan(0);
    expect(ingest.batches.length).toBeGreaterThan(1);
    await page.close();
  });

  it('cold start keeps the history and flushes it on start', async () => {
    const ingest = await suite.serve();
    const page = await open(suite.browser, ingest);
    await page.evaluate(() => (window as unknown as Win).tracker.coldStart());
    expect(await page.evaluate(() => (window as unknown as Win).tracker.getState())).toBe('ColdStart');
    await addMarker(page, 'cold-history');
    // Kept: bufferDiff below is the buffered history's age at start, so some must pass; nothing to await.
    await page.waitForTimeout(300);
    expect(ingest.starts).toHaveLength(0);
    const r = await page.evaluate(() => (window as unknown as Win).tracker.start());
    expect(r.success).toBe(true);
    expect(ingest.starts[0]!.bufferDiff).toBeGreaterThanOrEqual(200); // from the first buffered commit
    await addMarker(page, 'live');
    await flush(page);
    const msgs = await waitFor(() => {
      const m = ingest.messages();
      return markerCount(m, 'live') === 1 && m;
    }, 'live marker');
    expect(markerCount(msgs, 'cold-history')).toBe(1);
    expect(rrweb(msgs)[0]?.type).toBe(4); // rrweb Meta, then the full snapshot taken during cold start
    expect(rrweb(msgs).some((e) => e.type === 2)).toBe(true);
    await page.close();
  });

  it('conditional start begins recording when a condition matches', async () => {
    const ingest = await suite.serve({
      conditions: {
        conditions: [
          {
            name: 'buyers',
            capture_rate: 100,
            filters: [{ type: 'click', operator: 'contains', value: ['buy'] }],
          },
        ],
      },
    });
    const page = await open(suite.browser, ingest);
    const r = await page.evaluate(() => (window as unknown as Win).tracker.coldStart({}, true));
    expect(r.success).toBe(true);
    expect(ingest.starts[0]).toMatchObject({ doNotRecord: true });
    await addMarker(page, 'before-the-click');
    await page.click('#title');
    // No wait for a start that must not come: the tracker matches a click inside the page's click listener,
    // and a match begins the start at once (state Starting) — so by now it would have.
    expect(await page.evaluate(() => (window as unknown as Win).tracker.getState())).toBe('ColdStart');
    expect(ingest.starts).toHaveLength(1);
    await page.click('#buy');
    await waitFor(() => ingest.starts.length === 2, 'the real start');
    expect(ingest.starts[1]).toMatchObject({ doNotRecord: false, condition: 'buyers' });
    await waitFor(
      async () => (await page.evaluate(() => (window as unknown as Win).tracker.getState())) === 'Active',
      'Active',
    );
    await flush(page);
    await waitFor(() => markerCount(ingest.messages(), 'before-the-click') === 1, 'cold history');
    await page.close();
  });

  it('records offline, saves to local storage, and uploads after a reload', async () => {
    const ingest = await suite.serve();
    const page = await open(suite.browser, ingest);
    expect(await page.evaluate(() => (window as unknown as Win).tracker.startOfflineRecording())).toEqual({
      success: true,
    });
    await addMarker(page, 'recorded-offline');
    expect(await page.evaluate(() => (window as unknown as Win).tracker.saveBuffer())).toBe(true);
    expect(ingest.starts).toHaveLength(0);
    await page.reload();
    const r = await page.evaluate(() => {
      const w = window as unknown as Win;
      w.tracker = new w.AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true });
      return w.tracker.uploadOfflineRecording();
    });
    expect(r.success).toBe(true);
    const msgs = ingest.messages(r.sessionID);
    expect(markerCount(msgs, 'recorded-offline')).toBe(1);
    expect(rrweb(msgs).some((e) => e.type === 2)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('__atrium_offline_buffer'))).toBeNull();
    await page.close();
  });

  it('sends what happened right before the page is left', async () => {
    const ingest = await suite.serve({
      pages: { '/other.html': '<!doctype html><title>other</title><p>other page</p>' },
    });
    const page = await open(suite.browser, ingest);
    await page.evaluate(() => (window as unknown as Win).tracker.start());
    await addMarker(page, 'last-words');
    await page.goto(`${ingest.origin}/other.html`);
    await waitFor(() => markerCount(ingest.messages(), 'last-words') === 1, 'the last words', 10_000);
    await page.close();
  });

  it('the mutation guard pauses DOM recording in a storm, says so, and resumes with a snapshot', async () => {
    const ingest = await suite.serve();
    const page = await open(suite.browser, ingest, { mutationBudget: 2000 });
    await page.evaluate(() => (window as unknown as Win).tracker.start());
    await page.evaluate(async () => {
      const list = document.getElementById('list')!;
      for (let round = 0; round < 10; round++) {
        for (let i = 0; i < 500; i++) list.append(document.createElement('li'));
        await new Promise((r) => setTimeout(r, 20)); // kept: the storm comes in waves, as a page's renders do
      }
    });
    // Recording resumes after a calm second: awaited, not slept for.
    await flushUntil(
      page,
      () =>
        ofType(ingest.messages(), MessageType.RecorderDegraded).some((m) => m[1] === 'mutation-storm-end'),
      'the end of the storm',
    );
    await addMarker(page, 'after-storm');
    await flush(page);
    const msgs = await waitFor(() => {
      const m = ingest.messages();
      return markerCount(m, 'after-storm') === 1 && m;
    }, 'recording after the storm');
    const degraded = ofType(msgs, MessageType.RecorderDegraded).map((m) => m[1]);
    expect(degraded).toEqual(['mutation-storm', 'mutation-storm-end']);
    expect(rrweb(msgs).filter((e) => e.type === 2).length).toBe(2);
    await page.close();
  });

  it('stop() restores the page and releases memory over many start/stop cycles', async () => {
    const ingest = await suite.serve();
    const page = await open(suite.browser, ingest);
    const natives = () =>
      page.evaluate(() => [
        String(window.fetch).includes('[native code]'),
        String(console.log).includes('[native code]'),
        String(XMLHttpRequest.prototype.send).includes('[native code]'),
        String(window.WebSocket).includes('[native code]'),
      ]);
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    const cycle = () =>
      page.evaluate(async () => {
        const t = (window as unknown as Win).tracker;
        await t.start();
        for (let i = 0; i < 50; i++) document.getElementById('list')!.append(document.createElement('li'));
        console.log('cycle');
        await new Promise((r) => setTimeout(r, 40)); // kept: a moment of recording, a tick or so (none to await)
        t.stop();
        document.getElementById('list')!.replaceChildren();
      });
    for (let i = 0; i < 5; i++) await cycle();
    const before = await heap();
    for (let i = 0; i < 30; i++) await cycle();
    const after = await heap();
    expect(await natives()).toEqual([true, true, true, true]);
    expect(after - before).toBeLessThan(1_500_000);
    const count = ingest.batches.length;
    const lastPage = Math.max(...ingest.batches.map((b) => b.pageNo));
    await addMarker(page, 'after-stop');
    // Nothing must be sent after stop(). Instead of waiting a while for nothing: the next recording's marker
    // is awaited, and anything the stopped one sent would have come before it.
    await page.evaluate(() => (window as unknown as Win).tracker.start());
    await addMarker(page, 'restarted');
    await flush(page);
    await waitFor(() => markerCount(ingest.messages(), 'restarted') === 1, 'the next recording');
    expect(markerCount(ingest.messages(), 'after-stop')).toBe(0);
    expect(ingest.batches.slice(count).every((b) => b.pageNo > lastPage)).toBe(true);
    await page.close();
  });

  it('records canvas when the server enables it', async () => {
    const ingest = await suite.serve({ canvasEnabled: true });
    const page = await open(suite.browser, ingest);
    await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 120;
      c.height = 80;
      document.body.prepend(c);
    });
    await page.evaluate(() => (window as unknown as Win).tracker.start());
    await page.evaluate(async () => {
      const ctx = document.querySelector('canvas')!.getContext('2d')!;
      for (let i = 0; i < 10; i++) {
        ctx.fillStyle = `rgb(${i * 25}, 80, 160)`;
        ctx.fillRect(i * 10, 10, 20, 40);
      }
    });
    // rrweb incremental source 9: canvas mutation (snapshots at canvasFPS, from its worker).
    await flushUntil(
      page,
      () => rrweb(ingest.messages()).some((e) => e.type === 3 && e.data.source === 9),
      'a canvas frame',
    );
    await page.close();
  });

  it('keeps undelivered batches for the next page of the tab when the server is away', async () => {
    const ingest = await suite.serve();
    const page = await open(suite.browser, ingest, { connAttemptGap: 20_000 });
    await page.evaluate(() => (window as unknown as Win).tracker.start());
    await flush(page);
    await waitFor(() => ingest.batches.length > 0, 'the first batch');
    await ingest.stop();
    await addMarker(page, 'kept-for-later');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(
      () => page.evaluate(() => sessionStorage.getItem('__atrium_unsent')?.includes('kept-for-later')),
      'the copy in session storage',
    );
    await ingest.resume();
    await page.reload();
    await page.evaluate(() => {
      const w = window as unknown as Win;
      w.tracker = new w.AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true });
      return w.tracker.start();
    });
    await flush(page);
    await waitFor(() => markerCount(ingest.messages(), 'kept-for-later') === 1, 'the kept batch');
    // A later batch of the new page: the kept ones are resent before it, so a second copy would be here now.
    await addMarker(page, 'later');
    await flushUntil(page, () => markerCount(ingest.messages(), 'later') === 1, 'a later batch');
    expect(markerCount(ingest.messages(), 'kept-for-later')).toBe(1);
    expect(new Set(ingest.sessionsOf()).size).toBe(1);
    await page.close();
  });

  it("crossdomain: a cross-origin child frame records into the parent frame's session", async () => {
    const child = `<!doctype html><script src="/tracker.js"></script><p id="c">child frame</p>
      <script>
        const t = new AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true, crossdomain: { enabled: true } });
        t.start().then((r) => window.parent.postMessage({ childStarted: r.success }, '*'));
        addEventListener('message', (e) => {
          if (e.data !== 'type') return;
          const p = document.createElement('p'); p.textContent = 'typed-in-the-child'; document.body.append(p);
        });
      </script>`;
    const parent = '<!doctype html><script src="/tracker.js"></script><h1>parent</h1><div id="slot"></div>';
    const ingest = await suite.serve({ pages: { '/child.html': child, '/parent.html': parent } });
    const page = await open(suite.browser, ingest, { crossdomain: { enabled: true } }, '/parent.html');
    await page.evaluate(() => (window as unknown as Win).tracker.start());
    const childStarted = page.evaluate(
      () =>
        new Promise((r) =>
          window.addEventListener(
            'message',
            (e) => e.data?.childStarted !== undefined && r(e.data.childStarted),
          ),
        ),
    );
    await page.evaluate((src) => {
      const f = document.createElement('iframe');
      f.src = src;
      document.getElementById('slot')!.append(f);
    }, `http://localhost:${ingest.port}/child.html`);
    expect(await childStarted).toBe(true);
    // The child changes its page once it has started (its recording joined the parent's).
    await page.evaluate(() => document.querySelector('iframe')!.contentWindow!.postMessage('type', '*'));
    await flushUntil(
      page,
      () => markerCount(ingest.messages(), 'typed-in-the-child') === 1,
      'the child frame mutation',
    );
    expect(ingest.starts).toHaveLength(1); // the child made no session of its own
    await page.close();
  });
});
