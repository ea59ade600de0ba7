// `npm run bench`: every benchmark under bench/, each printing its figures beside its budget.
// Those that drive a browser need Debian's Chromium; the portal's first load needs the portal built.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// TypeScript benches import the server's code: node runs them with tsx's loader.
const run = (file) =>
  spawnSync(process.execPath, [...(file.endsWith('.ts') ? ['--import', 'tsx', '--expose-gc'] : []), file], {
    stdio: 'inherit',
  }).status ?? 1;
const chromium = existsSync('/usr/bin/chromium');

/** [file, needs Chromium] — in order: bundle sizes, server load, then browser figures. */
const benches = [
  ['bench/tracker-size.mjs', false],
  ['bench/assist-size.mjs', false],
  ['bench/ingest-flood.mjs', false],
  ['bench/assist-flood.mjs', false],
  ['bench/replay-stream.ts', false],
  ['bench/test-database-setup.ts', false],
  ['bench/tracker-overhead.mjs', true],
  ['scripts/build-stale.mjs', true],
  ['bench/first-load.mjs', true],
  // the relay, then the full path in Chromium through the built portal and console
  ['bench/assist-latency.ts', false],
];

let failed = 0;
for (const [file, needsChromium] of benches) {
  if (needsChromium && !chromium) {
    console.log(`${file}: skipped, /usr/bin/chromium is missing`);
    continue;
  }
  failed ||= run(file);
}
process.exit(failed);
