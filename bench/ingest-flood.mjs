// Ingest flood (issue 8): 10 costly batches a second for 20 s — each the review's 6.3 KB gzip bomb of
// 1.6 million `[0]` messages — while a signed-in learner calls the API one request after another. Prints the
// learner's median and p99 before and during the flood, and what the flood was answered. Budget: during ≤ 2×
// before. The learner is real: the seeded demo learner signs in with its password and the mailed code (read
// from the development mailbox), then reads its entry, profile and messages with its session token.
// The server runs as its own process (node --import tsx apps/server/src/main.ts) on a throw-away PGlite directory, so
// the load generator and the server never share an event loop.
import { gzipSync } from 'node:zlib';
import { quantile, signInByMail, startLocalServer } from './local-server.mjs';
import { trackerStartBody } from './tracker-start-body.mjs';

const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 20);
const FLOOD_RATE = Number(process.env.BENCH_FLOOD_RATE ?? 10);
const BEFORE_SECONDS = Number(process.env.BENCH_BEFORE_SECONDS ?? 8);

const local = await startLocalServer('flood');
const base = local.base;

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
    body: trackerStartBody({ tabId: `flood-${i}` }),
  });
  if (!res.ok) throw new Error(`start: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

function bomb(tabId, seq) {
  const head = `{"batchId":"${tabId}-1-${seq}","tabId":"${tabId}","pageNo":1,"seq":${seq},"messages":[`;
  return gzipSync(Buffer.from(`${head}${'[0],'.repeat(1_600_000)}[0]]}`), { level: 9 });
}

try {
  await local.ready();
  const token = await signInByMail(base, 'learner@atrium.local', 'Learner123');
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
  await local.stop();
}
