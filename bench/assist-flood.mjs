// Assist flood (issue 18, finding 3): one anonymous learner session floods the live-assist relay — several
// sockets on its one token, each sending frames just under the frame limit as fast as it may plus the review's
// 900 KB frame now and then, reconnecting whenever the server closes it — while another room's learner and
// agent exchange batches and someone calls /v1/health. Prints the other room's message latency and the health
// call's latency, p50/p99, idle and under the flood. Budget: under-flood p99 ≤ 2× idle p99.
// The server runs as its own process (node --import tsx apps/server/src/main.ts, throw-away PGlite directory),
// the flooder in a worker thread: neither shares the measuring event loop. Loopback only; bounded in time.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { io } from 'socket.io-client';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 8);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);
const FLOOD_SOCKETS = Number(process.env.BENCH_FLOOD_SOCKETS ?? 24);
const PROJECT_KEY = 'atrium-portal';
const PATH = '/ws-assist/socket';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-assist-flood-'));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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

async function waitUp() {
  // Up to three minutes: the first start compiles the server and seeds the demo data.
  for (let i = 0; i < 900; i++) {
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

/** The seeded demo agent, signed in as a new browser would: password, then the mailed code. */
async function signIn(email, password) {
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

async function startSession(tabId) {
  const res = await fetch(`${base}/ingest/v1/web/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      trackerVersion: '15.0.3',
      projectKey: PROJECT_KEY,
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
      tabId,
    }),
  });
  if (!res.ok) throw new Error(`start: ${res.status} ${await res.text()}`);
  const body = await res.json();
  return { token: body.token, sessionId: body.sessionID, tabId };
}

const open = (socket) =>
  new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', (e) => reject(new Error(e.data?.code ?? e.message)));
  });

function visitor(s) {
  return io(base, {
    path: PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: s.token },
    query: {
      peerId: `${PROJECT_KEY}-${s.sessionId}-${s.tabId}`,
      identity: 'session',
      tabId: s.tabId,
      sessionInfo: JSON.stringify({ pageTitle: 'bench', active: true }),
    },
  });
}

/** The measured room: the learner sends a small batch, the agent hears it; one at a time, every 10 ms. */
async function messageLatencies(room, untilMs) {
  const times = [];
  let seq = 0;
  while (Date.now() < untilMs) {
    const n = seq++;
    const t0 = performance.now();
    const heard = new Promise((resolve) => {
      const timer = setTimeout(() => resolve(10_000), 10_000);
      const on = (env) => {
        if (env?.data?.[0]?.[1] !== n) return;
        clearTimeout(timer);
        room.agent.off('messages', on);
        resolve(performance.now() - t0);
      };
      room.agent.on('messages', on);
    });
    room.visitor.emit('messages', { meta: { tabId: room.tabId }, data: [[0, n]] });
    times.push(await heard);
    await new Promise((r) => setTimeout(r, 10));
  }
  return times;
}

async function healthLatencies(untilMs) {
  const times = [];
  while (Date.now() < untilMs) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}/v1/health`, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
    } catch {}
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 10));
  }
  return times;
}

try {
  await waitUp();
  const agentToken = await signIn('agent@atrium.local', 'Agent1234');
  const measured = await startSession('measured-tab');
  const room = { tabId: measured.tabId, visitor: visitor(measured) };
  await open(room.visitor);
  room.agent = io(base, {
    path: PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: agentToken },
    query: { peerId: `${PROJECT_KEY}-${measured.sessionId}`, identity: 'agent' },
  });
  await open(room.agent);
  const flood = await startSession('flood-tab');

  await messageLatencies(room, Date.now() + 1000); // warm-up
  console.log(`measuring idle for ${IDLE_SECONDS} s`);
  const idleUntil = Date.now() + IDLE_SECONDS * 1000;
  const [idleMsg, idleHealth] = await Promise.all([
    messageLatencies(room, idleUntil),
    healthLatencies(idleUntil),
  ]);

  console.log(`flooding with ${FLOOD_SOCKETS} sockets on one session token for ${FLOOD_SECONDS} s`);
  const worker = new Worker(new URL('./assist-flood-worker.mjs', import.meta.url), {
    workerData: {
      base,
      path: PATH,
      projectKey: PROJECT_KEY,
      session: flood,
      sockets: FLOOD_SOCKETS,
      seconds: FLOOD_SECONDS,
      frameChars: 240_000,
    },
  });
  const floodStats = new Promise((resolve) => worker.once('message', resolve));
  const floodUntil = Date.now() + FLOOD_SECONDS * 1000;
  const [floodMsg, floodHealth] = await Promise.all([
    messageLatencies(room, floodUntil),
    healthLatencies(floodUntil),
  ]);
  const stats = await floodStats;
  await worker.terminate();

  const fmt = (xs) =>
    `p50 ${quantile(xs, 0.5).toFixed(1)} ms, p99 ${quantile(xs, 0.99).toFixed(1)} ms (n=${xs.length})`;
  const verdict = (idle, flooded) => {
    const ratio = quantile(flooded, 0.99) / quantile(idle, 0.99);
    return `${ratio.toFixed(2)}× idle p99 ${ratio <= 2 ? '(within the 2× budget)' : '(OVER the 2× budget)'}`;
  };
  console.log(`flooder: ${JSON.stringify(stats)}`);
  console.log(`other room's messages, idle:        ${fmt(idleMsg)}`);
  console.log(`other room's messages, under flood: ${fmt(floodMsg)} → ${verdict(idleMsg, floodMsg)}`);
  console.log(`/v1/health, idle:                  ${fmt(idleHealth)}`);
  console.log(
    `/v1/health, under flood:            ${fmt(floodHealth)} → ${verdict(idleHealth, floodHealth)}`,
  );
  room.visitor.close();
  room.agent.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
