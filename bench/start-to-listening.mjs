// Start-to-listening of one server process (issue 31, ADR 0075): the way `npm start` ran it before
// (`npx tsx apps/server/src/main.ts`, TypeScript transpiled at each start) against the production build
// (`node apps/server/dist/main.js`). Each run starts a process on an already migrated PGlite folder, times
// spawn → the "listening" log line, then stops it with SIGTERM. Needs `npm run build` first.
// Usage: node bench/start-to-listening.mjs [runs]   (default 5 of each, alternating, after one warm-up)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.argv[2] ?? 5);
if (!existsSync('apps/server/dist/main.js')) {
  console.error('start-to-listening: apps/server/dist/main.js is missing, run `npm run build` first');
  process.exit(1);
}
const ways = {
  'npx tsx apps/server/src/main.ts': ['npx', ['tsx', 'apps/server/src/main.ts']],
  'node apps/server/dist/main.js': [process.execPath, ['apps/server/dist/main.js']],
};
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-start-bench-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: dataDir,
  INGEST_SECRET: 'one-deployment-one-secret-of-32-chars-or-more',
};

/** Milliseconds from spawn to the "listening" line; the process is then stopped and awaited. */
function once([command, args]) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // Its own process group: SIGTERM to npx alone would leave tsx's server running (the finding).
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    let out = '';
    let took;
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (took === undefined && out.includes('"msg":"listening"')) {
        took = performance.now() - started;
        process.kill(-child.pid, 'SIGTERM');
      }
    });
    child.on('close', (code) =>
      took === undefined ? reject(new Error(`exited ${code}:\n${out}`)) : resolve(took),
    );
  });
}

/** The next start must not find the folder held by a server still closing (npx may exit before it). */
async function released() {
  const holding = () => {
    try {
      process.kill(JSON.parse(readFileSync(join(dataDir, 'atrium.lock'), 'utf8')).pid, 0);
      return true;
    } catch {
      return false; // no lock, or its process is gone (the next start takes a stale lock over)
    }
  };
  while (holding()) await new Promise((r) => setTimeout(r, 20));
}

const times = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
try {
  await once(ways['node apps/server/dist/main.js']); // migrates the folder, warms the file cache
  await released();
  for (let i = 0; i < runs; i++) {
    for (const [name, way] of Object.entries(ways)) {
      times[name].push(await once(way));
      await released();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const ms = (n) => `${(n / 1000).toFixed(2)} s`;
console.log(`start-to-listening, ${runs} runs each (min / median / max):`);
for (const [name, list] of Object.entries(times)) {
  const sorted = [...list].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`  ${name.padEnd(34)} ${ms(sorted[0])} / ${ms(median)} / ${ms(sorted.at(-1))}`);
}
