// `npm start`: build what is stale, then run the server on its embedded defaults
// (PGlite under ./data, local disk, mail to the log). Migrations and the demo seed run at boot.
import { spawn, spawnSync } from 'node:child_process';

const build = spawnSync('node', ['scripts/build-stale.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
