// `npm run migrate` (in production `node apps/server/dist/migrate.js`): applies pending database migrations and
// exits, for a release step run before the new processes start (docs/deploy.md, ADR 0076). Safe beside running
// servers and other migrators: on PostgreSQL they take turns under an advisory lock.
import { existsSync } from 'node:fs';
import { loadConfigOrExit } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfigOrExit();

let database: ReturnType<typeof openDatabase>;
try {
  database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (error) {
  // PGlite: a running server holds the data folder; it migrates at its own start.
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
try {
  await database.migrate();
  console.log(`database migrated (${database.kind})`);
} finally {
  await database.close();
}
