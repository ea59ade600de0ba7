// Recordings at rest (issue 22, ADR 0053): bytes per recorded minute and blob-store objects per session, as
// sent (a plain JSON blob per batch, before this change) and now (gzip per batch while recording, then compacted
// into a few objects per tab once the session ended); plus the codec measurement the choice rests on (gzip vs
// brotli: CPU per batch and size), and what replaying costs in each form.
// A realistic 10-minute portal session of one tab: a batch every 10 s, a full rrweb snapshot of a course page at
// each of 5 page loads, DOM changes, pointer moves and clicks, scrolls, typing, fetch calls with JSON bodies,
// console lines, resource timings and the performance track. It goes through the real ingest route and the real
// compactor, on a throw-away PGlite + disk blob store.
// Run: node --import tsx bench/storage-at-rest.mjs
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { compactEndedSessions } from '../apps/server/src/modules/ingest/compact-ended-sessions.ts';
import { createTestApp } from '../apps/server/test/create-test-app.ts';
import { createTestUser } from '../apps/server/test/create-test-user.ts';
import { trackerStartBody } from '../apps/server/test/tracker-start-body.ts';
import { MessageType } from '../packages/protocol/src/tracker/messages.ts';

const MINUTES = 10;
const BATCH_SECONDS = 10;
const PAGES = 10;
const IDLE_SECONDS = 1800;
const GRACE_HOURS = 48;

// A deterministic generator, so two runs measure the same bytes.
let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = (list) => list[Math.floor(rand() * list.length)];
const WORDS =
  '學習 課程 章節 任務 進度 完成 打卡 通知 班級 老師 作業 討論 the course chapter task lesson video quiz answer progress next previous submit'.split(
    ' ',
  );
const sentence = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');

/** rrweb's serialised page: a portal course page (navbar, sidebar outline, a chapter's text, a task list). */
function fullSnapshot(page) {
  let id = 1;
  const el = (tagName, attributes, childNodes = []) => ({
    type: 2,
    id: id++,
    tagName,
    attributes,
    childNodes,
  });
  const text = (textContent) => ({ type: 3, id: id++, textContent });
  const nav = el('nav', { class: 'navbar navbar-expand-lg bg-body-tertiary sticky-top' }, [
    ...Array.from({ length: 8 }, (_, i) =>
      el('a', { class: 'nav-link px-3', href: `/training/c-${page}/ch-${i}` }, [text(sentence(2))]),
    ),
  ]);
  const outline = el('aside', { class: 'col-3 border-end training-sidebar' }, [
    ...Array.from({ length: 40 }, (_, i) =>
      el(
        'div',
        { class: 'list-group-item d-flex justify-content-between align-items-center', 'data-id': `sc-${i}` },
        [
          el('span', { class: 'text-truncate' }, [text(`${i + 1}. ${sentence(4)}`)]),
          el('span', { class: 'badge text-bg-secondary rounded-pill' }, [
            text(i % 3 ? '已完成' : '尚未開放'),
          ]),
        ],
      ),
    ),
  ]);
  const article = el('article', { class: 'col-9 markdown-body p-4' }, [
    ...Array.from({ length: 120 }, (_, i) =>
      el(i % 10 === 0 ? 'h2' : 'p', { class: i % 10 === 0 ? 'mt-4' : '' }, [
        text(sentence(i % 10 === 0 ? 4 : 30)),
      ]),
    ),
  ]);
  const tasks = el('section', { class: 'task-board row g-3' }, [
    ...Array.from({ length: 24 }, (_, i) =>
      el('div', { class: 'card shadow-sm col-md-4' }, [
        el('div', { class: 'card-body' }, [
          el('h5', { class: 'card-title' }, [text(sentence(3))]),
          el('p', { class: 'card-text text-body-secondary' }, [text(sentence(12))]),
          el('button', { class: 'btn btn-outline-primary btn-sm', type: 'button' }, [
            text(i % 2 ? '接受任務' : '完成'),
          ]),
        ]),
      ]),
    ),
  ]);
  const body = el('body', { class: 'd-flex flex-column min-vh-100' }, [
    nav,
    el('main', { class: 'container-fluid row' }, [outline, article, tasks]),
  ]);
  const head = el('head', {}, [
    el('meta', { charset: 'utf-8' }),
    el('title', {}, [text('Atrium 學習平台')]),
    el('style', { 'data-emotion': 'css' }, [
      text(`.training-sidebar{max-height:calc(100vh - 56px);overflow:auto}${'.x{color:red}'.repeat(400)}`),
    ]),
  ]);
  return {
    type: 2,
    data: {
      node: { type: 0, id: id++, childNodes: [el('html', { lang: 'zh-TW' }, [head, body])] },
      initialOffset: { top: 0, left: 0 },
    },
  };
}

/** A task card as rrweb serialises an added subtree. */
function card(id) {
  const n = (tagName, attributes, childNodes) => ({ type: 2, id: id++, tagName, attributes, childNodes });
  const text = (textContent) => ({ type: 3, id: id++, textContent });
  return n('div', { class: 'card shadow-sm col-md-4', 'data-task': String(id) }, [
    n('div', { class: 'card-body' }, [
      n('h5', { class: 'card-title' }, [text(sentence(3))]),
      n('p', { class: 'card-text text-body-secondary' }, [text(sentence(14))]),
      n('button', { class: 'btn btn-outline-primary btn-sm', type: 'button' }, [text('接受任務')]),
    ]),
  ]);
}

/** One batch's messages: BATCH_SECONDS of a learner reading, scrolling, clicking and typing. */
function batchMessages(seq, at, tabId) {
  const page = Math.floor((seq * PAGES) / ((MINUTES * 60) / BATCH_SECONDS));
  const firstOfPage =
    seq === 0 || Math.floor(((seq - 1) * PAGES) / ((MINUTES * 60) / BATCH_SECONDS)) !== page;
  const m = [
    [MessageType.Timestamp, at],
    [MessageType.TabData, tabId],
  ];
  if (firstOfPage) {
    const url = `https://portal.example/training/c-42/chapter-${page}`;
    m.push([MessageType.SetPageLocation, url, 'https://portal.example/dashboard', at]);
    m.push([
      MessageType.RrwebEvent,
      { type: 4, data: { href: url, width: 1280, height: 800 }, timestamp: at },
    ]);
    m.push([MessageType.RrwebEvent, { ...fullSnapshot(page), timestamp: at + 5 }]);
    for (let i = 0; i < 30; i++) {
      m.push([
        MessageType.ResourceTiming,
        at + i * 3,
        20 + i,
        5,
        300,
        4000 + i * 97,
        12000 + i * 211,
        `https://portal.example/assets/chunk-${(page * 31 + i).toString(16)}.js`,
        pick(['script', 'css', 'img', 'link']),
        4300 + i,
        i % 4 === 0,
      ]);
    }
  }
  for (let s = 0; s < BATCH_SECONDS; s++) {
    const t = at + s * 1000;
    for (let i = 0; i < 30; i++)
      m.push([MessageType.MouseMove, Math.floor(rand() * 1280), Math.floor(rand() * 3000)]);
    if (s % 2 === 0) m.push([MessageType.SetViewportScroll, 0, Math.floor(rand() * 3000)]);
    // rrweb incremental snapshots: text and attribute changes, a few added nodes (what the app re-renders).
    m.push([
      MessageType.RrwebEvent,
      {
        type: 3,
        data: {
          source: 0,
          texts: [{ id: 100 + Math.floor(rand() * 400), value: sentence(6) }],
          attributes: [
            {
              id: 100 + Math.floor(rand() * 400),
              attributes: {
                class: pick(['btn btn-primary', 'btn btn-outline-primary active', 'card shadow']),
              },
            },
          ],
          removes: [],
          // The task board re-rendered: a few cards' subtrees replaced.
          adds: Array.from({ length: 6 }, (_, k) => ({
            parentId: 40,
            nextId: null,
            node: card(50_000 + (seq * BATCH_SECONDS + s) * 100 + k * 10),
          })),
        },
        timestamp: t + 300,
      },
    ]);
    if (s % 4 === 1)
      m.push([
        MessageType.MouseClick,
        100 + s,
        pick(['接受任務', '下一章', '完成', '打卡']),
        'main > section.task-board > div.card > div > button.btn',
        Math.floor(rand() * 10000),
        Math.floor(rand() * 10000),
      ]);
    if (s % 5 === 2) m.push([MessageType.InputChange, 300 + s, '*'.repeat(8 + s), true, '作業回答']);
    if (s % 3 === 0) {
      m.push([
        MessageType.NetworkRequest,
        'fetch',
        'GET',
        `https://portal.example/v1/tasks?class=c-42&page=${s}`,
        JSON.stringify({ headers: { accept: 'application/json' }, body: '' }),
        JSON.stringify({
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            tasks: Array.from({ length: 20 }, (_, i) => ({
              id: `t-${i}`,
              title: sentence(4),
              status: pick(['available', 'accepted', 'completed']),
            })),
          }),
        }),
        200,
        t + 100,
        40 + s,
        900,
      ]);
    }
    if (s % 5 === 0)
      m.push([MessageType.ConsoleLog, pick(['log', 'info', 'warn']), `[query] ${sentence(5)} ${t}`]);
    if (s % 2 === 1) m.push([MessageType.PerformanceTrack, 118, 60, 48_000_000, 21_000_000 + s * 1000]);
  }
  return m;
}

// ── Codec measurement: each batch compressed on its own, as the write path does. ──
const tabId = 'tab-1';
const BATCHES = (MINUTES * 60) / BATCH_SECONDS;
const t0 = Date.now() - MINUTES * 60_000 - 60_000;
const bodies = Array.from({ length: BATCHES }, (_, seq) => ({
  seq,
  messages: batchMessages(seq, t0 + seq * BATCH_SECONDS * 1000, tabId),
}));
const json = bodies.map((b) => Buffer.from(JSON.stringify(b.messages)));
const raw = json.reduce((n, b) => n + b.length, 0);
const codecs = [
  ['gzip 1', (b) => gzipSync(b, { level: 1 })],
  ['gzip 6 (chosen)', (b) => gzipSync(b, { level: 6 })],
  ['gzip 9', (b) => gzipSync(b, { level: 9 })],
  ['brotli 4', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })],
  ['brotli 6', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })],
  ['brotli 9', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })],
];
const mb = (n) => `${(n / 1024 / 1024).toFixed(2)} MB`;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `session: ${MINUTES} min, ${BATCHES} batches, ${mb(raw)} of messages as sent (${kb(raw / BATCHES)} a batch on average)\n`,
);
console.log('codec            stored        per minute    CPU per batch (ms, mean of 3 runs)');
for (const [name, fn] of codecs) {
  let size = 0;
  const start = performance.now();
  for (let r = 0; r < 3; r++) {
    for (const b of json) {
      const out = fn(b);
      if (r === 0) size += out.length;
    }
  }
  const ms = (performance.now() - start) / 3 / BATCHES;
  console.log(
    `${name.padEnd(16)} ${mb(size).padStart(9)}  ${kb(size / MINUTES).padStart(11)}    ${ms.toFixed(2)}`,
  );
}
const wholeTab = gzipSync(Buffer.concat(json)).length;
console.log(
  `(for reference: the whole tab as one gzip stream, which would lose per-batch reads: ${mb(wholeTab)})\n`,
);

// ── The real path: ingest route, then the compactor. ──
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-storage-bench-'));
const t = await createTestApp('pglite', {
  DATA_DIR: dataDir,
  RATE_LIMIT_DISABLED: 'true',
  INGEST_SESSION_IDLE_SECONDS: String(IDLE_SECONDS),
});
const recordings = join(dataDir, 'blobs', 'recordings');
const objects = () => {
  const files = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else files.push(statSync(join(dir, e.name)).size);
    }
  };
  walk(recordings);
  return { count: files.length, bytes: files.reduce((n, s) => n + s, 0) };
};
try {
  const agent = await createTestUser(t.app, { role: 'agent' });
  const start = await t.app.inject({
    method: 'POST',
    url: '/ingest/v1/web/start',
    payload: trackerStartBody({ width: 1280, height: 800, url: 'https://portal.example/dashboard', tabId }),
  });
  const { token, sessionID } = start.json();
  let ingestMs = 0;
  for (const b of bodies) {
    const payload = gzipSync(
      JSON.stringify({ batchId: `${tabId}-1-${b.seq}`, tabId, pageNo: 1, seq: b.seq, messages: b.messages }),
    );
    const begin = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/i',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload,
    });
    ingestMs += performance.now() - begin;
    if (res.statusCode !== 200) throw new Error(`batch ${b.seq}: ${res.statusCode} ${res.body}`);
  }
  const replay = async () => {
    const begin = performance.now();
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/console/sessions/${sessionID}/messages`,
      headers: agent.auth,
    });
    if (res.statusCode !== 200) throw new Error(`replay: ${res.statusCode}`);
    return { ms: performance.now() - begin, body: res.body };
  };
  const recorded = objects();
  const replayRecorded = await replay();
  const compactBegin = performance.now();
  const ended = Date.now() + IDLE_SECONDS * 1000 + 120_000;
  const compacted = await compactEndedSessions(t.app.db, t.app.blobs, {
    idleSeconds: IDLE_SECONDS,
    retiredGraceHours: GRACE_HOURS,
    now: ended,
  });
  const compactMs = performance.now() - compactBegin;
  const inGrace = objects();
  // At rest once the replaced per-batch blobs have outlived their backup grace (ADR 0078).
  await compactEndedSessions(t.app.db, t.app.blobs, {
    idleSeconds: IDLE_SECONDS,
    retiredGraceHours: GRACE_HOURS,
    now: ended + (GRACE_HOURS + 1) * 3_600_000,
  });
  const atRest = objects();
  const replayCompacted = await replay();
  if (replayCompacted.body !== replayRecorded.body)
    throw new Error('the compacted session replays differently');

  console.log(
    '                          bytes per recorded minute   objects at rest   object writes per session',
  );
  console.log(
    `before (a JSON blob/batch) ${kb(raw / MINUTES).padStart(15)}   ${String(BATCHES).padStart(15)}   ${String(BATCHES).padStart(15)} (a PUT per batch)`,
  );
  console.log(
    `while recording (gzip)     ${kb(recorded.bytes / MINUTES).padStart(15)}   ${String(recorded.count).padStart(15)}   ${String(recorded.count).padStart(15)}`,
  );
  console.log(
    `compacted, in backup grace ${kb(inGrace.bytes / MINUTES).padStart(15)}   ${String(inGrace.count).padStart(15)}   ${String(recorded.count + compacted.objects).padStart(15)} (the ${recorded.count} replaced batch blobs kept ${GRACE_HOURS} h, ADR 0078)`,
  );
  console.log(
    `after compaction and grace ${kb(atRest.bytes / MINUTES).padStart(15)}   ${String(atRest.count).padStart(15)}   ${String(recorded.count + compacted.objects).padStart(15)} (+${compacted.objects} compacted, ${recorded.count} batch blobs deleted)`,
  );
  console.log(
    `\nsession at rest: ${mb(raw)} as sent → ${mb(atRest.bytes)} (${(raw / atRest.bytes).toFixed(1)}×)`,
  );
  console.log(
    `ingest: ${(ingestMs / BATCHES).toFixed(1)} ms a batch in-process (parse worker, gzip, blob, index)`,
  );
  console.log(
    `compaction: ${compactMs.toFixed(0)} ms for the session (${compacted.sessions} session, ${compacted.objects} object)`,
  );
  console.log(
    `replay stream: ${replayRecorded.ms.toFixed(0)} ms from batch blobs, ${replayCompacted.ms.toFixed(0)} ms from the compacted object (same ${mb(replayCompacted.body.length)} of NDJSON)`,
  );
} finally {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
}
