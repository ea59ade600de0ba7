// What the flood benches share: the server as its own process on a free loopback port with a throw-away PGlite
// directory (development, so the demo accounts are seeded and mail goes to the local mailbox), a sign-in as a
// new browser would do it, and the quantile of a list of latencies.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * Starts `apps/server/src/main.ts`; `ready()` waits for /v1/health, `stop()` ends it and removes its data.
 * `cpus` (e.g. '0') pins the server to those CPUs with taskset, so a bench's clients do not share its core.
 */
export async function startLocalServer(name, { cpus } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `atrium-${name}-`));
  const base = `http://127.0.0.1:${port}`;
  // Node itself with tsx's loader (not npx, which may not pass a signal on to the server it starts).
  // BENCH_SERVER_NODE_ARGS adds flags to the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const node = [process.execPath, ...extra, '--import', 'tsx', 'apps/server/src/main.ts'];
  // taskset execs node in its own place: the signal `stop()` sends still reaches the server.
  const [command, ...args] = cpus ? ['taskset', '-c', cpus, ...node] : node;
  const server = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SMTP_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    base,
    async ready() {
      // Up to three minutes: the first start compiles the server and seeds the demo data.
      for (let i = 0; i < 900; i++) {
        try {
          if ((await fetch(`${base}/v1/health`)).ok) return;
        } catch {}
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('server did not start');
    },
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};

/**
 * Signs a seeded account in as a new browser would: password, then the six-digit code of the mail the server
 * wrote to the development mailbox, sent back with the login_ticket cookie (and the XSRF pair that any request
 * carrying cookies needs). Returns the session token.
 */
export async function signInByMail(base, email, password) {
  const login = await fetch(`${base}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const outcome = await login.json();
  if (!login.ok) throw new Error(`sign-in: ${login.status} ${JSON.stringify(outcome)}`);
  if (outcome.status === 'signed_in') return outcome.token;
  const ticket = login.headers.getSetCookie().find((c) => c.startsWith('login_ticket='));
  if (!ticket) throw new Error('sign-in: no login_ticket cookie');
  let mail;
  // The mail is written after the answer: ask the mailbox until it is there.
  for (let i = 0; i < 50 && !mail; i++) {
    const mails = await (await fetch(`${base}/v1/dev-mailbox/mail`)).json();
    mail = mails.items?.find((m) => m.to.includes(email) && /\d{6}/.test(m.text));
    if (!mail) await new Promise((r) => setTimeout(r, 200));
  }
  if (!mail) throw new Error('sign-in: no code mail in the development mailbox');
  const code = mail.text.match(/(?<!\d)(\d{6})(?!\d)/)[1];
  const xsrf = 'b'.repeat(32);
  const verify = await fetch(`${base}/v1/user/login/verify`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      cookie: `${ticket.split(';')[0]}; XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
    },
    body: JSON.stringify({ code }),
  });
  const signedIn = await verify.json();
  if (!verify.ok) throw new Error(`code entry: ${verify.status} ${JSON.stringify(signedIn)}`);
  return signedIn.token;
}
