// Where our tracker's main-thread time goes: a Chromium CPU profile (CDP Profiler, 100 µs sampling) of one
// workload page (bench/tracker-workloads.mjs) recorded by our tracker, from start() until the upload settles.
// Prints self time by function (and by source: the tracker bundle vs the page) — the first step before any
// change to the capture path (issue 10). `node bench/tracker-profile.mjs [workload] [setup]`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
import { buildAll, out } from './bundle-competitors.mjs';
import { launch, SETUPS, startSink } from './tracker-overhead.mjs';

const workload = process.argv[2] ?? 'heavy';
const setupName = process.argv[3] ?? 'ours';
const libs = buildAll();
const sink = startSink(libs);
await new Promise((r) => sink.server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${sink.server.address().port}`;
const browser = await launch();
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await page.goto(`${origin}/page/${workload}/${encodeURIComponent(setupName)}?external`);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.evaluate(`(async () => { ${SETUPS[setupName].start} })()`);
  await page.evaluate(() => window.work());
  await page.evaluate(() => window.t?.forceFlushBatch?.());
  await page.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(`${out}/${workload}-${setupName.replace(/\W+/g, '_')}.cpuprofile`, JSON.stringify(profile));
  // Self time per node from the samples' time deltas.
  const self = new Map();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  // Our bundle's minified names, mapped back to the source file and function (the bundle's source map).
  const lib = SETUPS[setupName].lib;
  const mapFile = lib && `${libs[lib]}.map`;
  const map =
    mapFile && existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null;
  const place = (f) => {
    if (!f.url.includes('/lib/') || !map) return null;
    const p = map.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
    if (!p.source) return null;
    const src = p.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
    return `${src}:${p.line}`;
  };
  const byFn = new Map();
  let total = 0;
  for (const n of profile.nodes) {
    const us = self.get(n.id) ?? 0;
    const f = n.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    total += us;
    const where = f.url.includes('/page/') ? 'page' : f.url ? f.url.split('/').pop() : 'native';
    const key = `${f.functionName || '(anonymous)'} @${place(f) ?? `${where}:${f.lineNumber + 1}`}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
  }
  const rows = [...byFn].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40));
  console.log(`${workload} / ${setupName}: ${(total / 1000).toFixed(0)} ms busy (self time, idle excluded)`);
  for (const [k, us] of rows)
    console.log(
      `${(us / 1000).toFixed(1).padStart(8)} ms  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`,
    );
} finally {
  await browser.close();
  sink.server.close();
}
