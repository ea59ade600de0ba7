import { existsSync } from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { listenAndAnnounce } from './listen-and-announce.ts';

// A .env beside the repository's root (see .env.example) fills in what the real environment does not set.
if (existsSync('.env')) process.loadEnvFile('.env');

const config = loadConfigOrExit();

const app = await buildApp(config).catch((error) => {
  // One clear sentence, not a stack trace: the other process is the user's to stop.
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
await listenAndAnnounce(app, config);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; new ones get 503 (return503OnClosing). A stuck close is cut off.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  });
}
