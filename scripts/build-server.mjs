// Compiles the server for production (ADR 0075): one ESM bundle per entry in apps/server/dist/, so a
// production process is `node apps/server/dist/main.js` with no TypeScript and no dev dependency at run time.
// Entries: src/main.ts, every file directly in src/cli/ (a new CLI is picked up by itself), the demo seed and
// the ingest parse worker. Workspace packages (@atrium/*) are bundled; npm packages stay external in node_modules.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = fileURLToPath(new URL('../apps/server/', import.meta.url));
const src = join(server, 'src');
const dist = join(server, 'dist');

const cli = readdirSync(join(src, 'cli'))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
  .map((name) => ({ in: join(src, 'cli', name), out: basename(name, '.ts') }));
const entryPoints = [
  { in: join(src, 'main.ts'), out: 'main' },
  ...cli,
  { in: join(src, 'db/seed/run-seed.ts'), out: 'seed' },
  // batch-parser-pool.ts starts it beside the bundle that runs (dist/parse-batch-worker.js).
  { in: join(src, 'modules/ingest/parse-batch-worker.ts'), out: 'parse-batch-worker' },
];

/** Bare imports other than our workspace packages are npm dependencies: left for Node to load. */
const npmExternal = {
  name: 'npm-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@atrium/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints,
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // No code splitting: a chunk in a subfolder would resolve import.meta.url-relative paths (migrations, the
  // front ends' dist folders) from the wrong place. Each bundle stands alone, beside the others.
  plugins: [npmExternal],
  logLevel: 'warning',
});
// Read at run time beside the bundle: db/client.ts resolves './migrations' from import.meta.url.
cpSync(join(src, 'db/migrations'), join(dist, 'migrations'), { recursive: true });
console.log(`build: apps/server/dist (${entryPoints.map((e) => e.out).join(', ')})`);
