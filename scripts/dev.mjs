// `npm run dev`: the server (tsx watch, restarts on change) and the portal's Vite dev server together.
// Vite proxies /v1, /ingest, /ws-assist, /peerjs and /tracker to the server, so the portal is same-origin
// as in production; mail links point at Vite (PUBLIC_URL) unless the environment says otherwise.
import { spawn } from 'node:child_process';

const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@atrium/portal'], { stdio: 'inherit', env }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
// One of them dying leaves a half-working setup; take the other one down too.
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
