// Bundle size of the tracker together with its live-assist plugin. Budget (issue 12): ≤ 70 KB gzip
// (OpenReplay 15 with its assist plugin: ≈ 79 KB). What a page loads up front is the tracker and the
// plugin's main chunk (socket.io inside); PeerJS is a separate chunk fetched when the first agent arrives.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { transformSync } from 'esbuild';

const BUDGET_GZIP = 70 * 1024;
const TRACKER = 'packages/tracker/dist/tracker.js';
const ASSIST_DIR = 'packages/tracker-assist/dist';
const ASSIST_MAIN = `${ASSIST_DIR}/index.js`;
const ASSIST_IIFE = `${ASSIST_DIR}/tracker-assist.js`;

for (const [file, workspace] of [
  [TRACKER, 'packages/tracker'],
  [ASSIST_MAIN, 'packages/tracker-assist'],
]) {
  if (existsSync(file)) continue;
  const r = spawnSync('npm', ['run', 'build', '--workspace', workspace], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Vite leaves ES library output unminified (for its consumers' bundlers): measure it minified, as the
// portal's build and any page serving it would.
const gzip = (text) => gzipSync(text, { level: 9 }).length;
const gz = (file) => gzip(readFileSync(file));
const gzMinified = (file) =>
  gzip(transformSync(readFileSync(file, 'utf8'), { minify: true, format: 'esm' }).code);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
// The main chunk imports its small shared chunks statically; the PeerJS chunk only dynamically.
const chunks = readdirSync(ASSIST_DIR).filter(
  (f) => f.endsWith('.js') && f !== 'index.js' && f !== 'tracker-assist.js',
);
const main = readFileSync(ASSIST_MAIN, 'utf8');
const lazy = chunks.filter((f) => main.includes(`import("./${f}")`));
const eager = chunks.filter((f) => !lazy.includes(f));

export function measureAssistSize() {
  const tracker = gz(TRACKER);
  const plugin = gzMinified(ASSIST_MAIN) + eager.reduce((n, f) => n + gzMinified(`${ASSIST_DIR}/${f}`), 0);
  const peer = lazy.reduce((n, f) => n + gzMinified(`${ASSIST_DIR}/${f}`), 0);
  const standalone = existsSync(ASSIST_IIFE) ? gz(ASSIST_IIFE) : null;
  return { tracker, plugin, peer, standalone, together: tracker + plugin };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const m = measureAssistSize();
  console.log('assist bundle                         gzip -9');
  console.log(`tracker (standalone)             ${kb(m.tracker).padStart(9)}`);
  console.log(`assist plugin, loaded up front   ${kb(m.plugin).padStart(9)}`);
  console.log(`assist PeerJS chunk (first agent)${kb(m.peer).padStart(9)}`);
  if (m.standalone !== null) console.log(`assist standalone IIFE (all in)  ${kb(m.standalone).padStart(9)}`);
  const ok = m.together <= BUDGET_GZIP;
  console.log(
    `budget: tracker + plugin ${kb(m.together)} gzip ${ok ? '≤' : '>'} 70 KB → ${ok ? 'OK' : 'OVER'}`,
  );
  process.exitCode = ok ? 0 : 1;
}
