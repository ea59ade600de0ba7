// `npm run migrate` (in production `node apps/server/dist/migrate.js`): applies pending database migrations and
// exits, for a release step run before the new processes start (docs/deploy.md, ADR 0076). Safe beside running
// servers and other migrators: on PostgreSQL they take turns under an advisory lock.
import { existsSync } from 'node:fs';
import { loadConfigOrExit } from '../config.ts';
import { openDatabaseOrExit } from '../db/open-database-or-exit.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfigOrExit();

// PGlite: a running server holds the data folder (it migrates at its own start), and this exits saying so.
const database = openDatabaseOrExit(config);
try {
  await database.migrate();
  console.log(`database migrated (${database.kind})`);
} finally {
  await database.close();
}
