// Assist flood (issue 18, finding 3): one anonymous learner session floods the live-assist relay — several
// sockets on its one token, each sending frames just under the frame limit as fast as it may plus the review's
// 900 KB frame now and then, reconnecting whenever the server closes it — while another room's learner and
// agent exchange batches and someone calls /v1/health. Prints the other room's message latency and the health
// call's latency, p50/p99, idle and under the flood, and the server's own event-loop delay in each phase (what
// is the server's and what the measuring clients'). Idle and flood phases alternate for BENCH_ROUNDS rounds,
// each flood on a fresh session; p99s are over all rounds' samples. Budget: under-flood p99 ≤ 2× idle p99.
// The server runs as its own process (node --import tsx apps/server/src/main.ts, throw-away PGlite directory),
// the flooder as another. A real flooder runs on its own machine: its CPU must not be charged to the server, so
// on a machine with two or more CPUs the server gets CPU 0 to itself and the measuring clients and the flooder
// share CPU 1, the flooder at a lower priority than the measurer (taskset and nice; BENCH_PIN=0 turns it off).
// Loopback only; bounded in time.
import { execFileSync, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { io } from 'socket.io-client';
import { quantile, signInByMail, startLocalServer } from './local-server.mjs';
import { trackerStartBody } from './tracker-start-body.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 6);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 6);
const FLOOD_SOCKETS = Number(process.env.BENCH_FLOOD_SOCKETS ?? 24);
const PROJECT_KEY = 'atrium-portal';
const PATH = '/ws-assist/socket';

const pin = process.env.BENCH_PIN !== '0' && availableParallelism() >= 2;
if (pin) execFileSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
const local = await startLocalServer('assist-flood', pin ? { cpus: '0' } : {});
const base = local.base;

async function startSession(tabId) {
  const res = await fetch(`${base}/ingest/v1/web/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: trackerStartBody({ tabId }),
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

/**
 * The server's own event-loop delay over a phase (prom-client resets its histogram at every scrape): tells
 * the server's share of a latency spike from the measuring clients' (they share a CPU with the flooder).
 */
async function serverLoopDelay() {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (name) =>
    Number(text.match(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm'))?.[1] ?? Number.NaN) * 1000;
  return { p99: read('nodejs_eventloop_lag_p99_seconds'), max: read('nodejs_eventloop_lag_max_seconds') };
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

/** One phase's latencies, added to `into`, with the server's own event-loop delay over it. */
async function phase(into, seconds) {
  await serverLoopDelay(); // resets the server's histogram
  const until = Date.now() + seconds * 1000;
  const [msg, health] = await Promise.all([messageLatencies(room, until), healthLatencies(until)]);
  into.msg.push(...msg);
  into.health.push(...health);
  into.loops.push(await serverLoopDelay());
}

/** The flooder as its own process (a worker thread would share this process's CPU and priority). */
function startFlooder(session) {
  const job = JSON.stringify({
    base,
    path: PATH,
    projectKey: PROJECT_KEY,
    session,
    sockets: FLOOD_SOCKETS,
    seconds: FLOOD_SECONDS,
    frameChars: 240_000,
  });
  const args = [process.execPath, new URL('./assist-flood-worker.mjs', import.meta.url).pathname, job];
  const flooder = pin
    ? spawn('taskset', ['-c', '1', 'nice', '-n', '10', ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn(args[0], args.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  flooder.stdout.on('data', (chunk) => {
    out += chunk;
  });
  return new Promise((resolve) => flooder.once('exit', () => resolve(JSON.parse(out || '{}'))));
}

let room;
try {
  await local.ready();
  const agentToken = await signInByMail(base, 'agent@atrium.local', 'Agent1234');
  const measured = await startSession('measured-tab');
  room = { tabId: measured.tabId, visitor: visitor(measured) };
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

  await messageLatencies(room, Date.now() + 1000); // warm-up
  const idle = { msg: [], health: [], loops: [] };
  const flooded = { msg: [], health: [], loops: [], stats: [] };
  // Idle and flood alternate, ROUNDS times: whatever else the machine does then falls on both alike.
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round}/${ROUNDS}: idle for ${IDLE_SECONDS} s`);
    await phase(idle, IDLE_SECONDS);
    console.log(
      `round ${round}/${ROUNDS}: ${FLOOD_SOCKETS} sockets on one session token flood for ${FLOOD_SECONDS} s`,
    );
    const flooder = startFlooder(await startSession(`flood-tab-${round}`));
    await phase(flooded, FLOOD_SECONDS);
    flooded.stats.push(await flooder);
  }

  const fmt = (xs) =>
    `p50 ${quantile(xs, 0.5).toFixed(1)} ms, p99 ${quantile(xs, 0.99).toFixed(1)} ms (n=${xs.length})`;
  const verdict = (a, b) => {
    const ratio = quantile(b, 0.99) / quantile(a, 0.99);
    return `${ratio.toFixed(2)}× idle p99 ${ratio <= 2 ? '(within the 2× budget)' : '(OVER the 2× budget)'}`;
  };
  const loop = (ds) => ds.map((d) => `p99 ${d.p99.toFixed(1)}/max ${d.max.toFixed(1)}`).join(', ');
  console.log(`flooder, per round: ${flooded.stats.map((x) => JSON.stringify(x)).join(' ')}`);
  console.log(`other room's messages, idle:        ${fmt(idle.msg)}`);
  console.log(`other room's messages, under flood: ${fmt(flooded.msg)} → ${verdict(idle.msg, flooded.msg)}`);
  console.log(`/v1/health, idle:                  ${fmt(idle.health)}`);
  console.log(
    `/v1/health, under flood:            ${fmt(flooded.health)} → ${verdict(idle.health, flooded.health)}`,
  );
  console.log(`server event-loop delay (ms), idle:        ${loop(idle.loops)}`);
  console.log(`server event-loop delay (ms), under flood: ${loop(flooded.loops)}`);
  room.visitor.close();
  room.agent.close();
} finally {
  await local.stop();
}
process.exit(0);
