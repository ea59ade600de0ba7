// Generates the SQL migration for schema changes with drizzle-kit.
// Until the first release there is one initial migration, regenerated from scratch, so helpers
// working on different domains never fight over the migration journal (ADR 0003).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const dir = 'apps/server/src/db/migrations';
rmSync(dir, { recursive: true, force: true });
const run = spawnSync('npx', ['drizzle-kit', 'generate', '--name', 'init'], {
  cwd: 'apps/server',
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
