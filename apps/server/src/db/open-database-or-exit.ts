import type { Config } from '../config.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { DataDirLockedError } from './data-dir-lock.ts';

/**
 * The configured database for a command-line tool (migrate, seed, admin). On PGlite a running server holds the
 * data folder: one clear sentence and exit 1, not a stack trace — the server is the user's to stop.
 */
export function openDatabaseOrExit(config: Config): DatabaseHandle {
  try {
    return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
