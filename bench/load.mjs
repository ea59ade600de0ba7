// Load (issue 22): N concurrent recording sessions — start, a gzip'd batch of 5–60 KB of tracker messages every
// 5–10 s, an ending batch — plus a learner API mix (entry, profile, messages, classes, tasks; signed in once
// before, never in the loop) at N/10 calls a second, against one server process, then two processes behind
// nginx. Prints ingest and API p50/p99, server CPU per batch, RSS, and whether p99 < 100 ms held.
//
// Real engines: a throw-away database on the machine's PostgreSQL (BENCH_DATABASE_URL / DATABASE_URL), the
// machine's Redis under a key prefix of its own, blobs on local disk in a temp folder both processes share
// (an S3 stand-in would measure itself, not us). Every visitor has its own address (X-Forwarded-For behind
// TRUST_PROXY=loopback), so the per-address limits stay on as in production. Bounded: N ≤ 2000, the window
// ≤ 120 s, loopback only. The load generator shares the machine's two cores with the servers (and with
// whatever else runs): figures are noisy, compare them within one run.
//
//   node bench/load.mjs                       # N = 100, 250, 500, 1000; one process, then two behind nginx
//   BENCH_N=100,500 BENCH_MODES=two BENCH_WINDOW_SECONDS=30 node bench/load.mjs
//   BENCH_CPU_CORES=0.5 BENCH_N=100,200,300,400,600 node bench/load.mjs   # each server capped at half a core
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startNginx, startServerProcess } from '../scripts/nginx-cluster.mjs';
import {
  childrenOf,
  cpuSeconds,
  createDatabase,
  limitCpu,
  quantile,
  rssMb,
  visitorAddress,
} from './cluster-bench.mjs';
import { signInByMail } from './local-server.mjs';
import { trackerStartBody } from './tracker-start-body.mjs';

const NS = (process.env.BENCH_N ?? '100,250,500,1000').split(',').map(Number);
const MODES = (process.env.BENCH_MODES ?? 'one,two').split(',');
const WINDOW_SECONDS = Math.min(120, Number(process.env.BENCH_WINDOW_SECONDS ?? 45));
const API_CALLS_PER_SESSION_SECOND = 0.1;
// Each server process capped at this many cores (e.g. 0.5): on a 2-core machine the only way to compare one
// process with two without the second one taking the generator's and PostgreSQL's CPU (docs/deploy.md).
const CPU_CORES = process.env.BENCH_CPU_CORES ? Number(process.env.BENCH_CPU_CORES) : undefined;
if (CPU_CORES !== undefined && !(CPU_CORES > 0 && CPU_CORES <= 2))
  throw new Error('BENCH_CPU_CORES: 0 < x ≤ 2');
if (NS.some((n) => !(n > 0 && n <= 2000))) throw new Error('BENCH_N: each between 1 and 2000');

const LEARNER_CALLS = [
  '/v1/entry',
  '/v1/user/profile',
  '/v1/notify/message/list?page=1',
  '/v1/training-classes/',
  '/v1/tasks/board',
];

/** Tracker messages of about `bytes` bytes as JSON: pointer moves, DOM changes, console lines. */
function bulkMessages(bytes, seed) {
  const parts = [];
  let size = 0;
  for (let k = 0; size < bytes; k++) {
    const t = 1_700_000_000_000 + k * 37;
    let m;
    if (k % 5 === 0)
      m = [
        1,
        {
          type: 3,
          timestamp: t,
          data: {
            source: 0,
            texts: [],
            attributes: [{ id: 40 + (k % 50), attributes: { class: `card card-${k % 7} active` } }],
            removes: [],
            adds: [
              {
                parentId: 12 + (k % 30),
                nextId: null,
                node: { type: 3, textContent: `第 ${k} 章：課程內容與練習 ${seed}-${k}`, id: 1000 + k },
              },
            ],
          },
        },
      ];
    else if (k % 11 === 0) m = [22, 'log', `fetched /v1/tasks/board in ${(k * 7) % 300} ms (${seed})`];
    else m = [20, (k * 13 + seed) % 1440, (k * 7 + seed) % 900];
    const json = JSON.stringify(m);
    parts.push(json);
    size += json.length + 1;
  }
  return parts.join(',');
}

const startBody = (i) => trackerStartBody({ tabId: `load-${i}`, url: 'https://portal.example/dashboard' });

/** Sums of the server-side timings every process reports on /metrics (seconds and counts). */
const TIMINGS = {
  batch: 'atrium_http_request_duration_seconds_sum{method="POST",route="/ingest/v1/web/i"}',
  batches: 'atrium_http_request_duration_seconds_count{method="POST",route="/ingest/v1/web/i"}',
  wait: 'atrium_parse_pool_wait_seconds_sum',
  parse: 'atrium_parse_pool_parse_seconds_sum',
  blob: 'atrium_blob_store_duration_seconds_sum{operation="putIfAbsent",outcome="ok"}',
};
async function timings(urls) {
  const out = Object.fromEntries(Object.keys(TIMINGS).map((k) => [k, 0]));
  for (const url of urls) {
    const text = await (await fetch(`${url}/metrics`)).text();
    for (const [k, name] of Object.entries(TIMINGS)) {
      const line = text.split('\n').find((l) => l.startsWith(`${name} `));
      out[k] += line ? Number(line.split(' ')[1]) : 0;
    }
  }
  return out;
}

/**
 * One step: N sessions and the API mix against `base` for WINDOW_SECONDS; `pids` are the servers to watch,
 * `urls` their own addresses (for /metrics).
 */
async function step(base, n, tokens, pids, nginxPid, urls) {
  const ingest = [];
  const starts = [];
  const api = [];
  const statuses = new Map();
  const count = (kind, status) =>
    statuses.set(`${kind} ${status}`, (statuses.get(`${kind} ${status}`) ?? 0) + 1);
  let batches = 0;
  let batchBytes = 0;
  const until = Date.now() + WINDOW_SECONDS * 1000;
  const watched = [...pids, ...(nginxPid ? [nginxPid, ...childrenOf(nginxPid)] : [])];
  const cpu0 = watched.map(cpuSeconds);
  const timed0 = await timings(urls);
  let rssPeak = 0;
  const sampler = setInterval(() => {
    rssPeak = Math.max(
      rssPeak,
      pids.reduce((a, p) => a + rssMb(p), 0),
    );
  }, 1000);
  const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

  async function timed(list, kind, url, init) {
    const t0 = performance.now();
    let status = 0;
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
      status = res.status;
      await res.arrayBuffer();
    } catch {}
    list.push(performance.now() - t0);
    count(kind, status);
    return status;
  }

  async function session(i) {
    // Tabs open over the first 10 s, as learners arrive, not all in one instant.
    await sleep(Math.random() * 10_000);
    const address = visitorAddress(i + n * 7);
    const t0 = performance.now();
    let token;
    try {
      const res = await fetch(`${base}/ingest/v1/web/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: startBody(i),
        signal: AbortSignal.timeout(10_000),
      });
      count('start', res.status);
      token = res.ok ? (await res.json()).token : undefined;
    } catch {
      count('start', 0);
    }
    starts.push(performance.now() - t0);
    if (!token) return;
    const bulk = bulkMessages(5_000 + Math.floor(Math.random() * 55_000), i);
    const tabId = `load-${i}`;
    // Each learner leaves at a moment of its own in the window's last 8 s: N ending batches in one instant
    // would measure a burst no class produces (it made the p99 of every N, and most 503s, in earlier runs).
    const leaves = until - Math.random() * 8000;
    for (let seq = 0; ; seq++) {
      const wait = 5000 + Math.random() * 5000;
      const last = Date.now() + wait >= leaves;
      await sleep(last ? leaves - Date.now() : wait);
      const head = `{"batchId":"${tabId}-1-${seq}","tabId":"${tabId}","pageNo":1,"seq":${seq},"messages":[`;
      // The ending batch: the page is hidden and the tracker stops.
      const tail = last ? `,[39,false],[0,${Date.now()}]]}` : `,[0,${Date.now()}]]}`;
      const body = gzipSync(`${head}[0,${Date.now()}],${bulk}${tail}`);
      const status = await timed(ingest, 'batch', `${base}/ingest/v1/web/i?batch=${tabId}-1-${seq}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'x-forwarded-for': address,
        },
        body,
      });
      if (status >= 200 && status < 300) {
        batches++;
        batchBytes += body.length;
      }
      if (last) return;
    }
  }

  // The API mix is open-loop: calls leave on schedule whether or not earlier ones came back.
  async function learners() {
    const rate = n * API_CALLS_PER_SESSION_SECOND;
    const calls = [];
    for (let k = 0; Date.now() < until; k++) {
      const token = tokens[k % tokens.length];
      const path = LEARNER_CALLS[k % LEARNER_CALLS.length];
      calls.push(
        timed(api, 'api', `${base}${path}`, {
          headers: {
            authorization: `Bearer ${token}`,
            'x-forwarded-for': visitorAddress(100_000 + (k % 997)),
          },
        }),
      );
      await sleep(1000 / rate);
    }
    await Promise.all(calls);
  }

  const started = performance.now();
  await Promise.all([...Array.from({ length: n }, (_, i) => session(i)), learners()]);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const timed1 = await timings(urls);
  const server = Object.fromEntries(Object.keys(TIMINGS).map((k) => [k, timed1[k] - timed0[k]]));
  const cpu = watched.map((p, k) => cpuSeconds(p) - (cpu0[k] ?? 0));
  const serverCpu = cpu.slice(0, pids.length).reduce((a, b) => a + b, 0);
  const nginxCpu = cpu.slice(pids.length).reduce((a, b) => a + b, 0);
  return {
    load: loadavg()[0],
    n,
    ingest,
    starts,
    api,
    batches,
    batchBytes,
    seconds,
    serverCpu,
    nginxCpu,
    rssPeak,
    statuses,
    server,
  };
}

function report(mode, r) {
  const ms = (xs, q) => quantile(xs, q).toFixed(0);
  const ok = quantile(r.ingest, 0.99) < 100 && quantile(r.api, 0.99) < 100;
  const errors = [...r.statuses].filter(([k]) => !/ 2\d\d$/.test(k));
  console.log(
    [
      mode.padEnd(5),
      String(r.n).padStart(5),
      `${ms(r.ingest, 0.5).padStart(5)} ${ms(r.ingest, 0.99).padStart(6)}`,
      `${ms(r.starts, 0.99).padStart(6)}`,
      `${ms(r.api, 0.5).padStart(5)} ${ms(r.api, 0.99).padStart(6)}`,
      String(r.batches).padStart(6),
      `${(r.batchBytes / Math.max(1, r.batches) / 1024).toFixed(1).padStart(6)}`,
      `${((r.serverCpu / Math.max(1, r.batches)) * 1000).toFixed(2).padStart(8)}`,
      `${((r.serverCpu / r.seconds) * 100).toFixed(0).padStart(5)}%`,
      `${r.nginxCpu ? `${((r.nginxCpu / r.seconds) * 100).toFixed(0)}%` : '-'}`.padStart(6),
      `${r.rssPeak.toFixed(0).padStart(6)}`,
      ok ? '  yes' : '  NO ',
      `  load ${r.load.toFixed(1)}`,
      (() => {
        const per = (k) => ((r.server[k] / Math.max(1, r.server.batches)) * 1000).toFixed(0);
        const rest = Number(per('batch')) - Number(per('wait')) - Number(per('parse')) - Number(per('blob'));
        return `  server mean ${per('batch')} ms = queue ${per('wait')} + parse ${per('parse')} + blob ${per('blob')} + rest ${rest}`;
      })(),
      errors.length ? ` refused: ${errors.map(([k, v]) => `${k}×${v}`).join(', ')}` : '',
    ].join(' '),
  );
}

const HEADER =
  'mode      N  batch p50   p99 start p99 api p50   p99 batches KB/bat cpu ms/batch  srv%  nginx% RSS MB p99<100';

const dataDir = mkdtempSync(join(tmpdir(), 'atrium-load-'));
const results = [];
try {
  for (const mode of MODES) {
    const db = await createDatabase(`atrium_load_${process.pid}_${mode}`);
    const env = {
      NODE_ENV: 'development',
      SMTP_URL: '',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `bench-load-${process.pid}-${mode}:`,
      DATA_DIR: join(dataDir, mode),
      INGEST_SECRET: 'bench-load-secret-of-at-least-32-characters',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
    };
    const servers = [];
    const undoLimits = [];
    let proxy;
    try {
      // One after the other: the first migrates and seeds the empty database.
      const count = mode === 'two' ? 2 : 1;
      for (let k = 0; k < count; k++) {
        const s = await startServerProcess(`${mode}-${k + 1}`, {
          ...env,
          ATRIUM_SERVICES: mode === 'two' ? 'web,ingest' : 'web,ingest,assist,peer',
        });
        servers.push(s);
        await s.ready(180_000);
        if (CPU_CORES)
          undoLimits.push(limitCpu(`atrium-load-${process.pid}-${mode}-${k + 1}`, s.child.pid, CPU_CORES));
      }
      if (mode === 'two')
        proxy = await startNginx({ web: servers.map((s) => s.url), assist: [servers[0].url] });
      const base = proxy ? proxy.url : servers[0].url;
      // Signed in once, on a process directly (the development mailbox answers loopback only).
      const tokens = [];
      for (const [email, password] of [
        ['learner@atrium.local', 'Learner123'],
        ['meimei@atrium.local', 'Classmate123'],
        ['ahao@atrium.local', 'Classmate123'],
      ])
        tokens.push(await signInByMail(servers[0].url, email, password));
      const pids = servers.map((s) => s.child.pid);
      console.log(`\n${mode === 'two' ? 'two processes behind nginx' : 'one process'}: warming up`);
      await step(
        base,
        20,
        tokens,
        pids,
        proxy?.pid,
        servers.map((s) => s.url),
      );
      console.log(HEADER);
      for (const n of NS) {
        const r = await step(
          base,
          n,
          tokens,
          pids,
          proxy?.pid,
          servers.map((s) => s.url),
        );
        results.push({ mode, ...r });
        report(mode, r);
      }
    } finally {
      await proxy?.stop();
      for (const s of servers) await s.stop();
      for (const undo of undoLimits) undo();
      await db.drop();
    }
  }
  console.log(
    `\n${CPU_CORES ? `each server process capped at ${CPU_CORES} core(s); ` : ''}window ${WINDOW_SECONDS} s per step; batches = acknowledged (2xx); cpu ms/batch = server CPU (all threads) ÷ batches, API calls included; srv% of one core; load = the machine's 1-minute load average at the end of the step (2 cores); RSS = servers together, peak`,
  );
  const one = results.filter((r) => r.mode === 'one');
  const two = results.filter((r) => r.mode === 'two');
  const holds = (rs) =>
    Math.max(
      0,
      ...rs.filter((r) => quantile(r.ingest, 0.99) < 100 && quantile(r.api, 0.99) < 100).map((r) => r.n),
    );
  if (one.length)
    console.log(`one process holds N = ${holds(one)} with both p99 < 100 ms (of ${NS.join(', ')})`);
  if (two.length) console.log(`two processes behind nginx hold N = ${holds(two)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
