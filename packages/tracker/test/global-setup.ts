import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, name.name);
    if (name.name.endsWith('.test.ts')) continue; // tests do not change the bundle
    newest = Math.max(newest, name.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Rebuilds dist/ when it is missing or older than src/ or the protocol's tracker files. */
export default function setup(): void {
  const bundle = join(root, 'dist/tracker.js');
  const sources = Math.max(
    newestMtime(join(root, 'src')),
    newestMtime(join(root, '../protocol/src/tracker')),
  );
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= sources) return;
  execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  execFileSync('npx', ['vite', 'build', '--mode', 'iife'], { cwd: root, stdio: 'inherit' });
}
