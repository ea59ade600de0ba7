// `npm start`: build what is stale (the server included), then run the built server on its embedded defaults
// (PGlite under ./data, local disk, mail to the log). Migrations and the demo seed run at boot.
// The server is run by node itself, not npx + tsx (ADR 0075): one child, and the signal this script gets is
// passed on to it; this script then exits with the server's own code.
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';

const build = spawnSync('node', ['scripts/build-stale.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
