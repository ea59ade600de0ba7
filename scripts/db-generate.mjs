// Generates a new SQL migration for schema changes with drizzle-kit: `npm run db:generate -- <name>`.
// Migrations are append-only from 0000_init on (ADR 0010): never edit one that has landed. Hand-written
// data migrations go at the end of the generated file, after a `-- custom:` line saying why.
import { spawnSync } from 'node:child_process';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:generate -- <name>   (lower-case letters, digits and _)');
  process.exit(2);
}
const run = spawnSync('npx', ['drizzle-kit', 'generate', '--name', name], {
  cwd: 'apps/server',
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
