// Faults (issue 22): the reference deployment (two `web,ingest` processes and one `assist,peer` behind nginx) on
// engines of its own — a PostgreSQL cluster and a Redis from Debian's binaries on their own ports and temp
// folders, s3rver behind a front that can refuse writes — while simulated trackers upload, a learner calls the
// API and an agent watches a visitor live. In turn: kill -9 a web process during uploads (restarted 5 s later,
// as a supervisor would), restart PostgreSQL, stop PostgreSQL for 10 s (pages loaded through nginx meanwhile,
// counting its 502s), stop Redis for 20 s, make the blob store refuse writes for 20 s,
// fill the bucket's disk for 20 s (a 64 MB tmpfs under s3rver, when this process may mount one), fill
// PostgreSQL's disk for 20 s (a 256 MB tmpfs under its cluster; started again afterwards if it stopped, as a
// supervisor would). Prints per fault what the learner, the tracker and the agent saw, what readiness, /metrics and the log
// said, then whether every acknowledged batch is stored exactly once. Everything it starts, it stops.
//
//   node bench/faults.mjs        (about 4 minutes; BENCH_FAULT_SESSIONS=20 trackers uploading once a second;
//                                 BENCH_FAULT_ONLY=<a word of a fault's label> plays that fault alone)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { io } from 'socket.io-client';
import { startNginx, startServerProcess } from '../scripts/nginx-cluster.mjs';
import { createDatabase, visitorAddress } from './cluster-bench.mjs';
import { signInByMail } from './local-server.mjs';
import { startFaultyS3, startOwnPostgres, startOwnRedis } from './own-engines.mjs';
import { trackerStartBody } from './tracker-start-body.mjs';

const SESSIONS = Math.min(100, Number(process.env.BENCH_FAULT_SESSIONS ?? 20));
// One fault alone, by a word of its label (e.g. BENCH_FAULT_ONLY=PostgreSQL).
const ONLY = process.env.BENCH_FAULT_ONLY ?? '';
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const now = () => Date.now();

const dataDir = mkdtempSync(join(tmpdir(), 'atrium-faults-'));
const cleanups = [];
const cleanup = async () => {
  for (const c of cleanups.splice(0).reverse()) await Promise.resolve(c()).catch((e) => console.error(e));
  rmSync(dataDir, { recursive: true, force: true });
};

// A crash of the bench itself must not leave engines and servers behind. s3rver (in this process) throws
// ENOSPC from its file streams when its disk is full: that is the fault being played, not a crash of ours.
process.on('uncaughtException', (error) => {
  if (error?.code === 'ENOSPC') return;
  // s3rver also throws from a file stream when a GET races the DELETE of the same short-lived readiness-probe
  // object (a loaded machine makes the race likely); real S3 answers 404 there. Not a fault of the server's.
  if (error?.code === 'ENOENT' && String(error.path).includes('ready-probe')) return;
  console.error(error);
  cleanup().then(() => process.exit(1));
});
for (const event of ['unhandledRejection', 'SIGINT', 'SIGTERM'])
  process.once(event, async (error) => {
    if (error instanceof Error) console.error(error);
    await cleanup();
    process.exit(1);
  });

// What every observer records: [time, what, detail].
const seen = { api: [], pages: [], batches: [], relay: [], agentDisconnects: [], ready: [] };

try {
  const pg = await startOwnPostgres();
  cleanups.push(() => pg.stop());
  const redis = await startOwnRedis();
  cleanups.push(() => redis.stop());
  const s3 = await startFaultyS3();
  cleanups.push(() => s3.stop());
  const db = await createDatabase('atrium_faults', pg.url);
  const env = {
    NODE_ENV: 'development',
    SMTP_URL: '',
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: 'faults:',
    DATA_DIR: dataDir,
    INGEST_SECRET: 'bench-faults-secret-of-at-least-32-characters',
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
    ...s3.env,
  };
  const procs = {};
  const start = async (name, services, port) => {
    const p = await startServerProcess(name, { ...env, ATRIUM_SERVICES: services }, { port });
    procs[name] = p;
    await p.ready(180_000);
    return p;
  };
  cleanups.push(async () => {
    for (const p of Object.values(procs)) await p.stop();
  });
  await start('web-1', 'web,ingest');
  await start('web-2', 'web,ingest');
  await start('assist', 'assist,peer');
  const proxy = await startNginx({
    web: [procs['web-1'].url, procs['web-2'].url],
    assist: [procs.assist.url],
  });
  cleanups.push(() => proxy.stop());
  const base = proxy.url;
  const agentToken = await signInByMail(procs['web-1'].url, 'agent@atrium.local', 'Agent1234');
  const learnerToken = await signInByMail(procs['web-1'].url, 'learner@atrium.local', 'Learner123');
  console.log(`up: 2× web,ingest + assist,peer behind nginx ${base}; ${SESSIONS} trackers`);

  let generating = true;
  let stopAll = false;

  // The tracker: a batch a second into a queue; the head is sent until it is acknowledged, backing off
  // 0.5 s … 8 s between tries, like packages/tracker's uploader. Acknowledged = a 2xx answer.
  const sessions = [];
  async function tracker(i) {
    const address = visitorAddress(i + 1);
    let token;
    let id;
    while (!token && !stopAll) {
      try {
        const res = await fetch(`${base}/ingest/v1/web/start`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: trackerStartBody({ tabId: `fault-${i}`, timestamp: now() }),
          signal: AbortSignal.timeout(10_000),
        });
        if (res.ok) ({ token, sessionID: id } = await res.json());
      } catch {}
      if (!token) await sleep(1000);
    }
    const s = { i, id, token, acked: new Set(), queue: [], seq: 0 };
    sessions.push(s);
    const producer = (async () => {
      while (generating) {
        const seq = s.seq++;
        const messages = [
          [0, now()],
          [20, seq % 1440, seq % 900],
          [22, 'log', `batch ${seq} of tab fault-${i}`],
        ];
        if (seq === 0) messages.unshift([49, `fault-${i}`]);
        s.queue.push({ seq, created: now(), messages });
        await sleep(1000);
      }
    })();
    let backoff = 500;
    while (!stopAll && (generating || s.queue.length > 0)) {
      const head = s.queue[0];
      if (!head) {
        await sleep(100);
        continue;
      }
      const batchId = `fault-${i}-1-${head.seq}`;
      const body = gzipSync(
        JSON.stringify({ batchId, tabId: `fault-${i}`, pageNo: 1, seq: head.seq, messages: head.messages }),
      );
      let status = 0;
      try {
        const res = await fetch(`${base}/ingest/v1/web/i?batch=${batchId}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-encoding': 'gzip',
            'x-forwarded-for': address,
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {}
      seen.batches.push([now(), status, head]);
      if (status >= 200 && status < 300) {
        s.acked.add(head.seq);
        head.acked = now();
        s.queue.shift();
        backoff = 500;
      } else {
        await sleep(backoff);
        backoff = Math.min(8000, backoff * 2);
      }
    }
    await producer;
  }
  const trackers = Array.from({ length: SESSIONS }, (_, i) => tracker(i));

  // The learner: an API call every 200 ms through the proxy.
  const learner = (async () => {
    const paths = ['/v1/entry', '/v1/user/profile', '/v1/notify/message/list?page=1'];
    for (let k = 0; !stopAll; k++) {
      const t0 = now();
      let status = 0;
      try {
        const res = await fetch(`${base}${paths[k % paths.length]}`, {
          headers: { authorization: `Bearer ${learnerToken}`, 'x-forwarded-for': '10.200.0.1' },
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {}
      seen.api.push([t0, status, now() - t0]);
      await sleep(200);
    }
  })();

  // Navigation: a page and a static file of the portal through the proxy every 300 ms, counting nginx's own
  // 502s (issue 31: the server's 503 made nginx mark every process failed and answer 502 to every page).
  const navigation = (async () => {
    const pages = ['/', '/login', '/tracker/tracker.js', '/courses'];
    for (let k = 0; !stopAll; k++) {
      let status = 0;
      try {
        const res = await fetch(`${base}${pages[k % pages.length]}`, {
          headers: { 'x-forwarded-for': '10.202.0.1' },
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {}
      seen.pages.push([now(), status]);
      await sleep(300);
    }
  })();

  // The agent watches tracker 0's visitor live through the proxy; the visitor sends a frame every 250 ms.
  while (sessions.length === 0) await sleep(100);
  const live = sessions[0];
  const room = `atrium-portal-${live.id}`;
  const socketOptions = { path: '/ws-assist/socket', transports: ['websocket'], forceNew: true };
  const visitor = io(base, {
    ...socketOptions,
    auth: { token: live.token },
    query: {
      peerId: `${room}-fault-0`,
      identity: 'session',
      tabId: 'fault-0',
      sessionInfo: JSON.stringify({ pageTitle: '課程首頁', active: true }),
    },
  });
  const agent = io(base, {
    ...socketOptions,
    auth: { token: agentToken },
    query: { peerId: room, identity: 'agent' },
  });
  agent.on('messages', () => seen.relay.push(now()));
  agent.on('disconnect', (reason) => seen.agentDisconnects.push([now(), reason]));
  const frames = setInterval(
    () => visitor.emit('messages', { meta: { tabId: 'fault-0' }, data: [[0, now()]] }),
    250,
  );
  cleanups.push(() => {
    clearInterval(frames);
    visitor.disconnect();
    agent.disconnect();
  });

  // Readiness of every process, asked directly once a second.
  const readiness = setInterval(async () => {
    for (const [name, p] of Object.entries(procs)) {
      const t = now();
      try {
        const res = await fetch(`${p.url}/v1/health/ready`, { signal: AbortSignal.timeout(3000) });
        const body = await res.json().catch(() => ({}));
        seen.ready.push([t, name, res.status, (body.failed ?? []).join('+')]);
      } catch {
        seen.ready.push([t, name, 0, 'no answer']);
      }
    }
  }, 1000);
  cleanups.push(() => clearInterval(readiness));

  async function metricsOf() {
    const out = {};
    for (const [name, p] of Object.entries(procs)) {
      try {
        out[name] = await (await fetch(`${p.url}/metrics`, { signal: AbortSignal.timeout(3000) })).text();
      } catch {
        out[name] = '';
      }
    }
    return out;
  }
  const sum = (text, name, filter = '') =>
    text
      .split('\n')
      .filter((l) => l.startsWith(name) && l.includes(filter) && !l.startsWith('#'))
      .reduce((a, l) => a + Number(l.split(' ').at(-1)), 0);
  const WATCHED = [
    ['5xx answers', 'atrium_http_requests_total', 'status="5'],
    ['blob failures', 'atrium_blob_store_duration_seconds_count', 'outcome="failed"'],
    ['ingest refusals', 'atrium_ingest_rejections_total', ''],
  ];

  const faults = [];
  async function fault(label, act, observeMs) {
    if (ONLY && !label.includes(ONLY)) return;
    const m0 = await metricsOf();
    const before = Object.entries(procs).map(([n, p]) => [n, p, p.output().length]);
    const t0 = now();
    console.log(`fault: ${label}`);
    await act();
    await sleep(observeMs);
    const t1 = now();
    const m1 = await metricsOf();
    // The process as it was (a killed one included) and, if it was replaced, its successor from the start.
    const sources = [
      ...before,
      ...Object.entries(procs)
        .filter(([n, p]) => !before.some(([m, q]) => m === n && q === p))
        .map(([n, p]) => [n, p, 0]),
    ];
    const logs = sources.flatMap(([n, p, from]) =>
      p
        .output()
        .slice(from)
        .split('\n')
        .filter(Boolean)
        .map((l) => `${n}: ${l.replace(/\s+/g, ' ').slice(0, 140)}`),
    );
    faults.push({ label, t0, t1, m0, m1, logs });
  }

  await sleep(8000);
  await fault(
    'kill -9 web-1 during uploads (restarted after 5 s)',
    async () => {
      const port = procs['web-1'].port;
      procs['web-1'].kill('SIGKILL');
      await procs['web-1'].exited;
      await sleep(5000);
      await start('web-1', 'web,ingest', port);
    },
    8000,
  );
  await fault('restart PostgreSQL (pg_ctl restart -m fast)', async () => pg.restart(), 10_000);
  await fault(
    'stop PostgreSQL for 10 s',
    async () => {
      await pg.halt();
      await sleep(10_000);
      await pg.start();
    },
    10_000,
  );
  await fault(
    'stop Redis for 20 s',
    async () => {
      await redis.halt();
      await sleep(20_000);
      await redis.start();
    },
    10_000,
  );
  await fault(
    'blob store refuses writes for 20 s',
    async () => {
      s3.state.refuseWrites = true;
      await sleep(20_000);
      s3.state.refuseWrites = false;
    },
    12_000,
  );

  if (s3.smallDisk)
    await fault(
      "the bucket's disk is full for 20 s",
      async () => {
        s3.fillDisk();
        await sleep(20_000);
        s3.freeDisk();
      },
      12_000,
    );
  else console.log("the bucket's disk is full: skipped (no tmpfs could be mounted for it)");

  if (pg.smallDisk)
    await fault(
      "PostgreSQL's disk is full for 20 s",
      async () => {
        pg.fillDisk();
        await sleep(20_000);
        if (await pg.freeDisk()) console.log('  PostgreSQL had stopped on the full disk; started again');
      },
      12_000,
    );
  else console.log("PostgreSQL's disk is full: skipped (no tmpfs could be mounted for it)");

  // Drain: no new batches; every tracker empties its queue (up to a minute).
  generating = false;
  const drainUntil = now() + 60_000;
  while (sessions.some((s) => s.queue.length > 0) && now() < drainUntil) await sleep(200);
  stopAll = true;
  await Promise.all([...trackers, learner, navigation]);

  // What each observer saw, per fault window.
  const within = (t, f) => t >= f.t0 && t <= f.t1;
  console.log(
    '\n| fault | learner (API) | tracker (batches) | agent (live) | readiness | /metrics (Δ) | log |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const f of faults) {
    const api = seen.api.filter(([t]) => within(t, f));
    const bad = api.filter(([, s]) => s !== 200);
    const apiText = bad.length
      ? `${bad.length}/${api.length} calls failed (${[...new Set(bad.map(([, s]) => s || 'no answer'))].join(', ')}), for ${((Math.max(...bad.map(([t]) => t)) - Math.min(...bad.map(([t]) => t))) / 1000).toFixed(1)} s`
      : `all ${api.length} calls 200, slowest ${Math.max(...api.map(([, , d]) => d))} ms`;
    const pages = seen.pages.filter(([t]) => within(t, f));
    const pageStatuses = [...new Set(pages.map(([, s]) => s || 'no answer'))].join('/');
    const pagesText = `; pages: ${pages.length} loads (${pageStatuses}), ${pages.filter(([, s]) => s === 502).length} × 502`;
    const tries = seen.batches.filter(([t]) => within(t, f));
    const refused = tries.filter(([, s]) => !(s >= 200 && s < 300));
    const delays = tries.filter(([, s]) => s >= 200 && s < 300).map(([, , h]) => h.acked - h.created);
    const trackerText = `${tries.length - refused.length} acked, ${refused.length} tries refused${refused.length ? ` (${[...new Set(refused.map(([, s]) => s || 'no answer'))].join(', ')})` : ''}; longest wait to ack ${(Math.max(0, ...delays) / 1000).toFixed(1)} s`;
    const relay = seen.relay.filter((t) => within(t, f));
    let gap = 0;
    for (let k = 1; k < relay.length; k++) gap = Math.max(gap, relay[k] - relay[k - 1]);
    const drops = seen.agentDisconnects.filter(([t]) => within(t, f));
    const agentText = `${relay.length} frames, longest gap ${(gap / 1000).toFixed(1)} s${drops.length ? `, ${drops.length} disconnect(s) (${drops.map(([, r]) => r).join(', ')})` : ''}`;
    const notReady = seen.ready.filter(([t, , s]) => within(t, f) && s !== 200);
    const readyText = notReady.length
      ? [...new Set(notReady.map(([, n, s, why]) => `${n} ${s || '—'} ${why}`))].slice(0, 4).join('; ')
      : 'all 200';
    const metricText = WATCHED.map(([label, name, filter]) => {
      const d = Object.keys(procs).reduce(
        (a, n) => a + sum(f.m1[n] ?? '', name, filter) - sum(f.m0[n] ?? '', name, filter),
        0,
      );
      return `${label} ${d >= 0 ? '+' : ''}${d}`;
    }).join(', ');
    const logText = f.logs.length
      ? `${f.logs.length} lines, e.g. \`${f.logs[0].replace(/\|/g, '/')}\``
      : 'nothing';
    console.log(
      `| ${f.label} | ${apiText}${pagesText} | ${trackerText} | ${agentText} | ${readyText} | ${metricText} | ${logText} |`,
    );
  }

  // The data: every acknowledged batch stored once, in order.
  let acked = 0;
  let lost = 0;
  let duplicated = 0;
  let extra = 0;
  for (const s of sessions) {
    const res = await fetch(`${base}/v1/console/sessions/${s.id}/batches`, {
      headers: { authorization: `Bearer ${agentToken}`, 'x-forwarded-for': '10.201.0.1' },
    });
    const stored = res.ok ? (await res.json()).map((b) => b.seq) : [];
    acked += s.acked.size;
    const counts = new Map();
    for (const q of stored) counts.set(q, (counts.get(q) ?? 0) + 1);
    for (const q of s.acked) if (!counts.has(q)) lost++;
    for (const [q, c] of counts) {
      if (c > 1) duplicated += c - 1;
      if (!s.acked.has(q)) extra++;
    }
  }
  console.log(
    `\ndata: ${acked} batches acknowledged over ${sessions.length} recordings; ${lost} lost, ${duplicated} duplicated, ${extra} stored but never acknowledged (the tracker gave up before the answer)`,
  );
  const stuck = sessions.reduce((a, s) => a + s.queue.length, 0);
  if (stuck) console.log(`${stuck} batches still unacknowledged after the 60 s drain`);
} finally {
  await cleanup();
}
