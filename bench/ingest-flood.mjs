// Ingest flood (issue 8): 10 costly batches a second for 20 s — each the review's 6.3 KB gzip bomb of
// 1.6 million `[0]` messages — while a signed-in learner calls the API one request after another. Prints the
// learner's median and p99 before and during the flood, and what the flood was answered. Budget: during ≤ 2×
// before. The learner is real: the seeded demo learner signs in with its password and the mailed code (read
// from the development mailbox), then reads its entry, profile and messages with its session token.
// The server runs as its own process (node --import tsx apps/server/src/main.ts) on a throw-away PGlite directory, so
// the load generator and the server never share an event loop.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 20);
const FLOOD_RATE = Number(process.env.BENCH_FLOOD_RATE ?? 10);
const BEFORE_SECONDS = Number(process.env.BENCH_BEFORE_SECONDS ?? 8);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-flood-'));
const base = `http://127.0.0.1:${port}`;
// Node itself with tsx's loader (not npx, which may not pass a signal on to the server it starts).
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    // development: the demo accounts are seeded on first start and mail goes to the local mailbox.
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

async function waitUp() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/v1/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};

/**
 * Signs the seeded demo learner in as a new browser would: password, then the six-digit code of the mail the
 * server wrote to the development mailbox, sent back with the login_ticket cookie (and the XSRF pair that
 * any request carrying cookies needs). Returns the session token.
 */
async function signInLearner() {
  const email = 'learner@atrium.local';
  const login = await fetch(`${base}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Learner123' }),
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

/** What the portal asks for on a page of the user area, in turn: who is signed in, the profile, the messages. */
const LEARNER_CALLS = ['/v1/entry', '/v1/user/profile', '/v1/notify/message/list?page=1'];

/** The learner: one call after another, each checked (a refused call would measure nothing real). */
async function learner(token, untilMs) {
  const times = [];
  let refused = 0;
  for (let i = 0; Date.now() < untilMs; i++) {
    const t0 = performance.now();
    // A call unanswered after 10 s counts as 10 s (the review saw most of them never answered).
    try {
      const res = await fetch(`${base}${LEARNER_CALLS[i % LEARNER_CALLS.length]}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      if (res.status !== 200) refused++;
    } catch {}
    times.push(performance.now() - t0);
  }
  if (refused > 0) throw new Error(`${refused} learner calls were not answered 200`);
  return times;
}

async function startSession(i) {
  const res = await fetch(`${base}/ingest/v1/web/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      trackerVersion: '15.0.3',
      projectKey: 'atrium-portal',
      timestamp: Date.now(),
      doNotRecord: false,
      bufferDiff: 0,
      userID: null,
      token: null,
      deviceMemory: 8,
      jsHeapSizeLimit: 4e9,
      timezone: '+08:00',
      condition: null,
      assistOnly: false,
      width: 1440,
      height: 900,
      url: 'https://portal.example/',
      referrer: '',
      tabId: `flood-${i}`,
    }),
  });
  if (!res.ok) throw new Error(`start: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

function bomb(tabId, seq) {
  const head = `{"batchId":"${tabId}-1-${seq}","tabId":"${tabId}","pageNo":1,"seq":${seq},"messages":[`;
  return gzipSync(Buffer.from(`${head}${'[0],'.repeat(1_600_000)}[0]]}`), { level: 9 });
}

try {
  await waitUp();
  const token = await signInLearner();
  console.log('server up, demo learner signed in; starting 10 recorded sessions');
  const tokens = await Promise.all(Array.from({ length: 10 }, (_, i) => startSession(i)));
  // One bomb per session, built before the clock starts (gzip level 9 of 6.4 MB is costly for this process).
  const bodies = tokens.map((_, i) => bomb(`flood-${i}`, 0));
  await learner(token, Date.now() + 1000); // warm-up
  console.log('measuring the learner alone');
  const before = await learner(token, Date.now() + BEFORE_SECONDS * 1000);

  const answers = new Map();
  const inflight = [];
  const floodEnd = Date.now() + FLOOD_SECONDS * 1000;
  let sent = 0;
  const flooder = (async () => {
    while (Date.now() < floodEnd) {
      const i = sent % tokens.length;
      const seq = sent;
      sent++;
      const p = fetch(`${base}/ingest/v1/web/i?batch=flood-${i}-1-${seq}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens[i]}`,
          'content-type': 'application/json',
          'content-encoding': 'gzip',
        },
        body: bodies[i],
      })
        .then((r) => r.status)
        .catch(() => 0)
        .then((s) => answers.set(s, (answers.get(s) ?? 0) + 1));
      inflight.push(p);
      await new Promise((r) => setTimeout(r, 1000 / FLOOD_RATE));
    }
  })();
  const during = await learner(token, floodEnd);
  await flooder;
  await Promise.all(inflight);

  const fmt = (xs) =>
    `median ${quantile(xs, 0.5).toFixed(1)} ms, p99 ${quantile(xs, 0.99).toFixed(1)} ms (${xs.length} calls)`;
  const ratio = quantile(during, 0.5) / quantile(before, 0.5);
  const ratio99 = quantile(during, 0.99) / quantile(before, 0.99);
  console.log('\ningest flood: learner API latency, before and during 10 bomb batches/s');
  console.log(`  before: ${fmt(before)}`);
  console.log(`  during: ${fmt(during)}`);
  console.log(
    `  during/before: median ${ratio.toFixed(2)}×, p99 ${ratio99.toFixed(2)}× (budget ≤ 2× for both: ${ratio <= 2 && ratio99 <= 2 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `  flood: ${sent} batches sent, answered ${[...answers].map(([s, n]) => `${s}×${n}`).join(', ')}`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
