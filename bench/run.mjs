// `npm run bench`: bundle sizes, then main-thread overhead and uploaded bytes on a heavy page (real Chromium).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (file) => spawnSync(process.execPath, [file], { stdio: 'inherit' }).status ?? 1;
let failed = run('bench/tracker-size.mjs');
if (existsSync('/usr/bin/chromium')) failed ||= run('bench/tracker-overhead.mjs');
else console.log('tracker-overhead: skipped, /usr/bin/chromium is missing');
process.exit(failed);
