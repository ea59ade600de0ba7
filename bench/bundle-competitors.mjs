// Builds the comparison bundles for the benchmarks: @openreplay/tracker@15.0.3 and bare @rrweb/record, each as
// a minified standalone script (esbuild), into bench/.out/. Our tracker is packages/tracker/dist/tracker.js.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const out = join(root, 'bench/.out');

/** The newest modification time under a folder: the built tracker is stale if a source is newer. */
function newestSource(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) newest = Math.max(newest, statSync(join(e.parentPath, e.name)).mtimeMs);
  return newest;
}

export function buildAll() {
  mkdirSync(out, { recursive: true });
  const entries = {
    'openreplay.js': "import Tracker from '@openreplay/tracker'; window.OpenReplayTracker = Tracker;",
    'rrweb-record.js': "import { record } from '@rrweb/record'; window.rrwebRecord = record;",
  };
  for (const [file, contents] of Object.entries(entries)) {
    buildSync({
      stdin: { contents, resolveDir: join(root, 'packages/tracker'), loader: 'js' },
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2020',
      outfile: join(out, file),
      logLevel: 'error',
    });
  }
  const ours = join(root, 'packages/tracker/dist/tracker.js');
  const sources = Math.max(
    newestSource(join(root, 'packages/tracker/src')),
    newestSource(join(root, 'packages/protocol/src/tracker')),
    statSync(join(root, 'packages/tracker/vite.config.ts')).mtimeMs, // its rrweb trims change the bundle
  );
  if (!existsSync(ours) || statSync(ours).mtimeMs < sources) {
    execFileSync('npm', ['run', 'build', '-w', '@atrium/tracker'], { cwd: root, stdio: 'inherit' });
  }
  writeFileSync(join(out, '.gitignore'), '*\n');
  return { ours, openreplay: join(out, 'openreplay.js'), rrweb: join(out, 'rrweb-record.js') };
}
