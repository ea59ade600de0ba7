// Main-thread overhead and uploaded bytes on a heavy page (thousands of nodes + a mutation storm), in real
// Chromium, side by side: no tracker (baseline), ours, @openreplay/tracker@15.0.3 and bare @rrweb/record.
// Added main-thread time = (ScriptDuration + TaskDuration of CDP Performance.getMetrics) − baseline, over the
// same scripted workload. Budgets (issue 5): ours ≤ 0.5× OpenReplay's time; uploaded bytes ≤ OpenReplay's.
// Figures only: timings vary with the machine, so nothing here is asserted in tests.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { buildAll } from './bundle-competitors.mjs';

const NODES = Number(process.env.BENCH_NODES ?? 5000);
// A fixed number of frames (not a duration) so every setup records the same DOM changes.
const STORM_FRAMES = Number(process.env.BENCH_STORM_FRAMES ?? 180);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

function heavyPage(script) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>heavy</title>
<style>.row{display:flex;gap:4px}.cell{padding:2px;border:1px solid #ddd}.hot{background:#fe9}</style>
<script>${script}</script></head><body><main id="app"></main>
<script>
  const app = document.getElementById('app');
  const frag = document.createDocumentFragment();
  for (let i = 0; i < ${NODES} / 5; i++) {
    const row = document.createElement('div'); row.className = 'row';
    for (let j = 0; j < 4; j++) { const c = document.createElement('span'); c.className = 'cell'; c.textContent = 'r' + i + 'c' + j; row.append(c); }
    frag.append(row);
  }
  app.append(frag);
  window.storm = (frames) => new Promise((resolve) => {
    const cells = app.getElementsByClassName('cell');
    let n = 0;
    const frame = () => {
      for (let k = 0; k < 150; k++) {
        const c = cells[(n * 151 + k * 7) % cells.length];
        c.textContent = 'v' + n + '-' + k;
        c.classList.toggle('hot');
      }
      const row = document.createElement('div'); row.className = 'row'; row.textContent = 'added ' + n; app.prepend(row);
      if (app.childElementCount > ${NODES} / 5 + 50) app.lastElementChild.remove();
      n++;
      if (n < frames) requestAnimationFrame(frame); else resolve(n);
    };
    requestAnimationFrame(frame);
  });
</script></body></html>`;
}

const SETUPS = {
  baseline: { lib: null, start: '' },
  ours: {
    lib: 'ours',
    start: `window.t = new AtriumTracker({ projectKey: 'bench', ingestPoint: location.origin + '/ingest' }); await window.t.start();`,
  },
  'ours (guard off)': {
    lib: 'ours',
    start: `window.t = new AtriumTracker({ projectKey: 'bench', ingestPoint: location.origin + '/ingest', mutationBudget: Infinity }); await window.t.start();`,
  },
  'ours (dom only)': {
    lib: 'ours',
    start: `window.t = new AtriumTracker({ projectKey: 'bench', ingestPoint: location.origin + '/ingest', mutationBudget: Infinity, captureVitals: false, capturePerformance: false, consoleMethods: [], captureExceptions: false, mouse: { trackMoves: false, detectShake: false } }); await window.t.start();`,
    diagnostic: true,
  },
  openreplay: {
    lib: 'openreplay',
    start: `window.t = new OpenReplayTracker({ projectKey: 'bench', ingestPoint: location.origin + '/ingest', __DISABLE_SECURE_MODE: true }); await window.t.start();`,
  },
  'rrweb (bare)': {
    lib: 'rrweb',
    // Bare rrweb with the simplest uploader: JSON of the events every second.
    start: `let buf = []; window.t = rrwebRecord({ emit: (e) => buf.push(e) });
      window.flushBare = () => { if (!buf.length) return; const body = JSON.stringify(buf); buf = []; return fetch('/ingest/v1/web/i', { method: 'POST', body, keepalive: body.length < 60000 }); };
      setInterval(window.flushBare, 1000);`,
  },
};

function startSink(libs) {
  let uploaded = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url, 'http://x');
      const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' };
      if (url.pathname.startsWith('/lib/')) {
        res.writeHead(200, { 'Content-Type': 'text/javascript' });
        return res.end(readFileSync(libs[url.pathname.slice(5)]));
      }
      if (url.pathname.startsWith('/page/')) {
        const setup = SETUPS[decodeURIComponent(url.pathname.slice(6))];
        const script = setup.lib
          ? readFileSync(libs[setup.lib], 'utf8').replace(/<\/script/g, '<\\/script')
          : '';
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end(heavyPage(script));
      }
      if (url.pathname.endsWith('/v1/web/start')) {
        res.writeHead(200, { 'Content-Type': 'application/json', ...cors });
        return res.end(
          JSON.stringify({
            token: 'bench-token',
            userUUID: 'u',
            projectID: '1',
            sessionID: String(Date.now()),
            delay: 0,
            startTimestamp: Date.now(),
            beaconSizeLimit: 3_000_000,
            compressionThreshold: 24_000,
            userBrowser: 'Chrome',
            userCity: '',
            userCountry: '',
            userDevice: '',
            userOS: 'Linux',
            userState: '',
            canvasEnabled: false,
            canvasQuality: 'low',
            canvasFPS: 1,
            assistOnly: false,
            features: [],
          }),
        );
      }
      if (url.pathname.endsWith('/v1/web/i')) uploaded += body.length;
      res.writeHead(200, { 'Content-Type': 'application/json', ...cors });
      res.end('{}');
    });
  });
  return {
    server,
    take() {
      const n = uploaded;
      uploaded = 0;
      return n;
    },
  };
}

async function runOnce(browser, origin, name, sink) {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${origin}/page/${encodeURIComponent(name)}`);
  const setup = SETUPS[name];
  sink.take();
  const metric = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (k) => metrics.find((m) => m.name === k)?.value ?? 0;
    return get('ScriptDuration') + get('TaskDuration');
  };
  const t0 = await metric();
  await page.evaluate(`(async () => { ${setup.start} })()`);
  await page.evaluate((frames) => window.storm(frames), STORM_FRAMES);
  // Let each tracker finish its work and upload: visibility hidden flushes ours; the others get time.
  await page.evaluate(() => {
    window.t?.forceFlushBatch?.();
    window.flushBare?.();
  });
  await page.waitForTimeout(2500);
  const t1 = await metric();
  await page.close();
  return { ms: (t1 - t0) * 1000, bytes: sink.take() };
}

export async function measureOverhead() {
  const libs = buildAll();
  const sink = startSink(libs);
  await new Promise((r) => sink.server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${sink.server.address().port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const results = {};
  try {
    for (let run = 0; run < RUNS; run++) {
      const only = process.env.BENCH_ONLY?.split(',');
      for (const name of Object.keys(SETUPS)) {
        if (only ? !only.includes(name) && name !== 'baseline' : SETUPS[name].diagnostic) continue;
        const r = await runOnce(browser, origin, name, sink);
        results[name] = [...(results[name] ?? []), r];
      }
    }
  } finally {
    await browser.close();
    sink.server.close();
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const base = median(results.baseline.map((r) => r.ms));
  return Object.fromEntries(
    Object.entries(results).map(([name, rs]) => [
      name,
      {
        mainThreadMs: median(rs.map((r) => r.ms)),
        addedMs: median(rs.map((r) => r.ms)) - base,
        uploadedBytes: median(rs.map((r) => r.bytes)),
      },
    ]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureOverhead();
  console.log(
    `heavy page: ${NODES} nodes, a ${STORM_FRAMES}-frame mutation storm (~300 changes a frame), median of ${RUNS} runs`,
  );
  console.log('setup               main thread   added        uploaded');
  for (const [name, v] of Object.entries(r)) {
    console.log(
      `${name.padEnd(18)}  ${v.mainThreadMs.toFixed(0).padStart(8)} ms  ${v.addedMs.toFixed(0).padStart(7)} ms  ${(v.uploadedBytes / 1024).toFixed(1).padStart(8)} KB`,
    );
  }
  const ours = r.ours;
  const or = r.openreplay;
  if (ours && or)
    console.log(
      `budget: added main-thread ${ours.addedMs.toFixed(0)} ms vs 0.5× OpenReplay ${(or.addedMs * 0.5).toFixed(0)} ms → ${ours.addedMs <= or.addedMs * 0.5 ? 'OK' : 'OVER'}; ` +
        `uploaded ${(ours.uploadedBytes / 1024).toFixed(1)} KB vs OpenReplay ${(or.uploadedBytes / 1024).toFixed(1)} KB → ${ours.uploadedBytes <= or.uploadedBytes ? 'OK' : 'OVER'}`,
    );
}
