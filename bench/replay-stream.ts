// A two-hour synthetic recording streamed to the console: how much memory the server holds while it
// serves the whole message stream (it must stay flat, not grow with the recording), then in the built console
// in Chromium (issue 20's budgets): a 10-minute recording opened to its first frame (≤ 1 s), the two-hour one
// opened, its JS heap after load and after 20 seeks (≤ 150 MB), the seeks' p95 (≤ 150 ms) and a seek to near
// the end checked against the text it must show; the median fresh open is split into the page's steps (the
// early script, the scripts, the recording's request, the summary, the first frame). Run by bench/run.mjs.
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { MessageType } from '@atrium/protocol/tracker/messages';
import { createTestApp } from '@atrium/server/test/create-test-app';
import { createTestUser } from '@atrium/server/test/create-test-user';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { recordWithTracker } from '../apps/server/test/record-with-tracker.ts';
import { pageStartMessages, rrwebElement } from '../apps/server/test/rrweb-page.ts';
import { launchBrowser } from '../e2e/support/browser.ts';

const HOURS = 2;
const BATCH_SECONDS = 10; // the tracker cuts a batch 10 s after its first message
const BATCHES = (HOURS * 3600) / BATCH_SECONDS;
// The tracker's default checkpoint: a full snapshot every 5 minutes (options.ts), so a seek replays 5 min at most.
const CHECKPOINT_BATCHES = (5 * 60) / BATCH_SECONDS;
const NODES = 100;
const SHORT_BATCHES = (10 * 60) / BATCH_SECONDS;
const SEEKS = 20;
/** First opens measured, each in a browser of its own: one alone moves by ±30 % on a 2-core machine. */
const FRESH_OPENS = 5;
/**
 * BENCH_LATENCY_MS: a network round trip added to each of the fresh opens' requests (Chromium's emulation), as
 * between an agent's browser and the server; 0 by default, the two on one machine's cores.
 */
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 0);
/**
 * BENCH_CPU_SLOWDOWN: the console's main thread run N times slower (Chromium's CPU throttling), for the opens
 * and the seeks, as on a slower machine than the one at hand; 1 by default. The server is not slowed.
 */
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);
/**
 * BENCH_TRACE=file: Chromium's performance trace of the last fresh open, and of the 20 seeks in `file`.seeks.json,
 * to read in DevTools' Performance panel.
 */
const TRACE = process.env.BENCH_TRACE;
const WIDTH = 1280;
const HEIGHT = 800;

/** rrweb's serialised `<html>` (Element 2, Text 3): NODES paragraphs whose text the batches change. */
function page(texts: (i: number) => string) {
  const paragraphs = Array.from({ length: NODES }, (_, i) =>
    rrwebElement(1000 + i, 'p', [{ type: 3, id: 2000 + i, textContent: texts(i) }]),
  );
  return rrwebElement(2, 'html', [rrwebElement(3, 'head', []), rrwebElement(4, 'body', paragraphs)]);
}
/** The text paragraph `i` holds after batch `seq`: the bench reads it back in the replayed page. */
const textAt = (seq: number, i: number) => `${seq}-${i}-${'x'.repeat(200)}`;

// CONSOLE_DIST opens another build of the console (e.g. one made before a change, to compare the two).
const t = await createTestApp('pglite', {
  RATE_LIMIT_DISABLED: 'true',
  ...(process.env.CONSOLE_DIST ? { CONSOLE_DIST: process.env.CONSOLE_DIST } : {}),
});
const agent = await createTestUser(t.app, { role: 'agent' });

/** Uploads a synthetic recording of `batches` batches that ended just now; returns its session id. */
async function record(batches: number): Promise<string> {
  const tracker = recordWithTracker(t.app);
  const { token, sessionID } = await tracker.start('tab-1', {
    url: 'https://portal.example/',
    width: 1280,
    height: 800,
  });
  const t0 = Date.now() - batches * BATCH_SECONDS * 1000;
  for (let seq = 0; seq < batches; seq++) {
    const at = t0 + seq * BATCH_SECONDS * 1000;
    const messages: unknown[][] = [
      [MessageType.Timestamp, at],
      [MessageType.TabData, 'tab-1'],
    ];
    if (seq % CHECKPOINT_BATCHES === 0) {
      // Meta then the full snapshot, as rrweb emits them at the start and at each checkpoint.
      const before = seq - 1;
      messages.push(
        [MessageType.SetViewportSize, WIDTH, HEIGHT],
        ...pageStartMessages(
          at,
          page((i) => (before < 0 ? '' : textAt(before, i))),
          WIDTH,
          HEIGHT,
        ),
      );
    }
    for (let i = 0; i < NODES; i++) {
      messages.push([MessageType.Timestamp, at + i * 100]);
      messages.push([MessageType.MouseMove, i * 3, i * 2]);
      messages.push([
        MessageType.RrwebEvent,
        {
          type: 3,
          data: {
            source: 0,
            texts: [{ id: 2000 + i, value: textAt(seq, i) }],
            attributes: [],
            removes: [],
            adds: [],
          },
          timestamp: at + i * 100,
        },
      ]);
    }
    const res = await tracker.upload(token, 'tab-1', seq, messages);
    if (res.statusCode >= 300) throw new Error(`batch ${seq}: ${res.statusCode} ${res.body}`);
  }
  return sessionID;
}

// The issue's two recordings: a 10-minute one (opened to its first frame) and a 2-hour one (heap, seeks).
const shortSession = await record(SHORT_BATCHES);
const sessionID = await record(BATCHES);
await t.app.listen({ host: '127.0.0.1', port: 0 });
const { port } = t.app.server.address() as AddressInfo;
globalThis.gc?.();
const before = process.memoryUsage();
let peakHeap = before.heapUsed;
let peakRss = before.rss;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakRss = Math.max(peakRss, m.rss);
}, 20);
const began = performance.now();
const response = await fetch(`http://127.0.0.1:${port}/v1/console/sessions/${sessionID}/messages`, {
  headers: agent.auth,
});
let bytes = 0;
let lines = 0;
const reader = response.body!.getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.length;
  for (const b of value) if (b === 10) lines++;
}
clearInterval(sampler);
const ms = performance.now() - began;
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
const server =
  `server: ${lines} batches, ${mb(bytes)} MB streamed in ${Math.round(ms)} ms, ` +
  `heap +${mb(peakHeap - before.heapUsed)} MB peak, rss +${mb(peakRss - before.rss)} MB peak`;

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const consoleBuilt = existsSync(new URL('../apps/console/dist/index.html', import.meta.url));
let browserLine =
  'browser: skipped (needs /usr/bin/chromium and the built console: node scripts/build-stale.mjs)';
if (existsSync(chromium) && consoleBuilt) browserLine = await browserFigures();
console.log(`replay-stream: ${HOURS} h session (checkpoint every 5 min)\n  ${server}\n  ${browserLine}`);
await t.close();
// Something of the browser run (Playwright's driver connection) keeps the loop alive after it closed.
process.exit(0);

/** A page of the console signed in as the agent, in a browser context of its own (an empty cache). */
async function consolePage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'token', value: agent.token, url: `http://127.0.0.1:${port}` }]);
  return { context, page: await context.newPage() };
}

/** Applies BENCH_CPU_SLOWDOWN to a page. */
async function slowDown(cdp: CDPSession) {
  if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** Opens a session's page; ms until its first frame shows the recorded page (the replayed body has text). */
async function openToFirstFrame(page: Page, id: string): Promise<number> {
  const began = performance.now();
  await page.goto(`http://127.0.0.1:${port}/console/sessions/${id}`);
  await page.waitForFunction(
    () =>
      (
        document.querySelector<HTMLIFrameElement>('[data-testid=player-stage] iframe')?.contentDocument?.body
          ?.textContent ?? ''
      ).length > 0,
    undefined,
    // Polled each frame: Playwright's default backs off to 500 ms between tries, which would be the figure.
    { timeout: 300_000, polling: 'raf' },
  );
  return performance.now() - began;
}

/**
 * Where a first open's time went, from the page's own clock (ms since navigation): the early script in (it asks
 * for the page's data), the console's scripts all in, the recording asked for, its first and last byte, the
 * session's summary in, the first frame.
 */
function openSteps(page: Page) {
  // No named functions inside: tsx's loader would wrap them in a helper the page does not have.
  return page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = entries.filter((e) => e.name.endsWith('.js'));
    const messages = entries.find((e) => new URL(e.name).pathname.endsWith('/messages'));
    const summary = entries.find((e) => /^\/v1\/console\/sessions\/[^/]+$/.test(new URL(e.name).pathname));
    return {
      early: scripts.find((e) => new URL(e.name).pathname.includes('/early-'))?.responseEnd,
      scripts: Math.max(...scripts.map((e) => e.responseEnd)),
      asked: messages?.startTime,
      firstByte: messages?.responseStart,
      recording: messages?.responseEnd,
      summary: summary?.responseEnd,
      frame: performance.now(),
    };
  });
}

/**
 * The 10-minute recording opened by FRESH_OPENS agents, each in a browser just launched with an empty cache:
 * the first is also the server's first console page since it started; the figure is their median.
 */
async function freshOpens(): Promise<string> {
  const runs: { ms: number; steps: Awaited<ReturnType<typeof openSteps>> }[] = [];
  for (let i = 0; i < FRESH_OPENS; i++) {
    const browser = await launchBrowser();
    try {
      const { page, context } = await consolePage(browser);
      const cdp = await context.newCDPSession(page);
      await slowDown(cdp);
      if (LATENCY_MS > 0) {
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: LATENCY_MS,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
      }
      const tracing = TRACE && i === FRESH_OPENS - 1;
      if (tracing) await browser.startTracing(page, { path: TRACE, screenshots: false });
      const ms = await openToFirstFrame(page, shortSession);
      if (tracing) await browser.stopTracing();
      runs.push({ ms, steps: await openSteps(page) });
    } finally {
      await browser.close();
    }
  }
  const ms = (n: number | undefined) => (n === undefined ? '–' : String(Math.round(n)));
  const median = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;
  const { steps } = median;
  return [
    `browser: 10-min session opened to its first frame in a fresh browser${LATENCY_MS ? ` (${LATENCY_MS} ms round trips)` : ''}${CPU_SLOWDOWN > 1 ? ` (CPU ${CPU_SLOWDOWN}× slower)` : ''}: median ${ms(median.ms)} ms of ` +
      `${runs.length} (${runs.map((r) => ms(r.ms)).join(', ')}; the first is the server's first) ` +
      `(budget ≤ 1000: ${median.ms <= 1000 ? 'OK' : 'OVER'})`,
    `  that open, ms into the page: early script in by ${ms(steps.early)}, scripts by ${ms(steps.scripts)}; ` +
      `recording asked at ${ms(steps.asked)}, first byte ${ms(steps.firstByte)}, in by ${ms(steps.recording)}; ` +
      `summary in by ${ms(steps.summary)}; first frame by ${ms(steps.frame)}`,
  ].join('\n  ');
}

/** The built console's player on these recordings in Chromium: first opens, load, heap, seeks. */
async function browserFigures(): Promise<string> {
  const fresh = await freshOpens();
  const browser = await launchBrowser();
  try {
    const { page, context } = await consolePage(browser);
    const cdp = await context.newCDPSession(page);
    await slowDown(cdp);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    const frame = page.frameLocator('[data-testid=player-stage] iframe');
    const firstText = () => frame.locator('p').first().textContent();
    // Cold: the console's first page in this browser; warm: its code cached, as an agent's next session.
    const shortColdMs = await openToFirstFrame(page, shortSession);
    const shortWarmMs = await openToFirstFrame(page, shortSession);
    const loadMs = await openToFirstFrame(page, sessionID);
    const afterLoad = await heap();

    /** Moves the scrubber to `fraction` of the session as a user's drag would; ms until the page is rebuilt. */
    const seek = (fraction: number) =>
      page.evaluate(async (f) => {
        const input = document.querySelector<HTMLInputElement>('input[type=range]')!;
        const value = String(Math.round(Number(input.max) * f));
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        const began = performance.now();
        setter.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        return performance.now() - began;
      }, fraction);
    // SEEKS positions spread over the whole session in no order (golden-ratio steps), as a user jumps about.
    const seeks: number[] = [];
    if (TRACE) await browser.startTracing(page, { path: `${TRACE}.seeks.json`, screenshots: false });
    for (let k = 1; k <= SEEKS; k++) seeks.push(await seek(0.01 + ((k * 0.618034) % 1) * 0.98));
    if (TRACE) await browser.stopTracing();
    const afterSeeks = await heap();
    const nearEndMs = await seek(0.995);
    // The replayed page shows the text of the last batches: the seek reached the end, it did not stop early.
    const text = (await firstText()) ?? '';
    const seq = Number(text.split('-')[0]);
    // Paragraph 0 changes at the start of each batch: at 99.5 % it shows the batch that began just before.
    const expected = Math.floor((0.995 * ((BATCHES - 1) * BATCH_SECONDS + 9.9)) / BATCH_SECONDS);
    if (Math.abs(seq - expected) > 1)
      throw new Error(`seek near the end shows batch ${seq}, not ${expected}`);
    const sorted = [...seeks].sort((a, b) => a - b);
    const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1]!;
    const within = (ok: boolean) => (ok ? 'OK' : 'OVER');
    return [
      fresh,
      `  in one more browser: ${Math.round(shortColdMs)} ms, then ${Math.round(shortWarmMs)} ms with the console cached`,
      `  2-h session opened to its first frame in ${Math.round(loadMs)} ms; JS heap ${mb(afterLoad)} MB after load, ` +
        `${mb(afterSeeks)} MB after ${seeks.length} seeks (budget ≤ 150 MB: ${within(Math.max(afterLoad, afterSeeks) <= 150 * 1024 * 1024)})`,
      `  seeks p50 ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms, p95 ${Math.round(p95)} ms (budget ≤ 150: ${within(p95 <= 150)}), ` +
        `max ${Math.round(sorted.at(-1)!)} ms; to near the end ${Math.round(nearEndMs)} ms`,
    ].join('\n  ');
  } finally {
    await browser.close();
  }
}
