// Builds the server and each front end whose sources are newer than its last build, so `npm start` and `npm test`
// never serve a stale bundle and never rebuild for nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Workspaces with a `build` script and the inputs that make their dist stale. */
const targets = [
  {
    // The production server (ADR 0075): bundles the protocol package from source, npm packages stay external.
    dir: 'apps/server',
    inputs: ['src', 'package.json', '../../scripts/build-server.mjs', '../../packages/protocol/src'],
  },
  {
    dir: 'apps/portal',
    // The portal bundles the tracker and the shared packages from source: a change there makes it stale too,
    // and so does a dependency change (the lock file: two copies of one library once slipped in that way).
    inputs: [
      'src',
      'public',
      'index.html',
      '../../scripts/precompress.ts',
      'vite.config.ts',
      'package.json',
      '../../package-lock.json',
      '../../packages/protocol/src',
      '../../packages/tracker/src',
      '../../packages/tracker-assist/src',
      '../../packages/web/src',
      '../../packages/markdown/src',
    ],
  },
  {
    dir: 'apps/console',
    inputs: [
      'src',
      'index.html',
      '../../scripts/precompress.ts',
      '../../scripts/classic-script.ts',
      'vite.config.ts',
      'package.json',
      '../../package-lock.json',
      '../../packages/protocol/src',
      '../../packages/web/src',
      '../../packages/markdown/src',
    ],
  },
  {
    dir: 'packages/tracker',
    inputs: ['src', 'vite.config.ts', '../../scripts/library-build.ts', 'package.json', '../protocol/src'],
  },
  {
    dir: 'packages/tracker-assist',
    inputs: [
      'src',
      'vite.config.ts',
      '../../scripts/library-build.ts',
      'package.json',
      '../tracker/src',
      '../protocol/src',
    ],
  },
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

let failed = false;
for (const target of targets) {
  if (!existsSync(join(target.dir, 'package.json'))) continue;
  const built = existsSync(join(target.dir, 'dist')) ? newest(join(target.dir, 'dist')) : 0;
  const changed = Math.max(...target.inputs.map((p) => newest(join(target.dir, p))));
  if (built && built >= changed && !process.argv.includes('--force')) {
    console.log(`build: ${target.dir} is up to date`);
    continue;
  }
  console.log(`build: ${target.dir}`);
  const run = spawnSync('npm', ['run', 'build', '-w', target.dir], { stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
