// The sessions search by what happened (issue 20, ADR 0059) on PostgreSQL: generates SESSIONS sessions with
// EVENTS_PER_SESSION indexed moments each (default 10 000 × 100 = 1 M) in a throw-away database, then runs the
// console's own query code (listSessions, a page of 50) for rare, common, combined and absent terms and prints
// p50/p95 per search, the index's size per million moments, and what the retention sweep's delete costs.
//   node bench/session-search.mjs                      # 10 000 sessions, 1 M moments
//   SESSIONS=100000 EVENTS_PER_SESSION=100 node bench/session-search.mjs   # the 100 000 / 10 M
// The seed takes long at 10 M: BENCH_KEEP_DATABASE=1 keeps the database (its name is printed), and
// BENCH_DATABASE=<that name> runs the searches again on it without seeding (migrations still apply, so a new
// index is measured on the same data; the retention delete then runs in a transaction that is rolled back).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { createDatabase } from './cluster-bench.mjs';

const SESSIONS = Math.min(Number(process.env.SESSIONS ?? 10_000), 200_000);
const PER_SESSION = Math.min(Number(process.env.EVENTS_PER_SESSION ?? 100), 200);
const RUNS = Math.min(Number(process.env.RUNS ?? 20), 200);

const { openDatabase } = await tsImport('../apps/server/src/db/client.ts', import.meta.url);
const { listSessions } = await tsImport(
  '../apps/server/src/modules/ingest/read-sessions.ts',
  import.meta.url,
);

const REUSE = process.env.BENCH_DATABASE;
if (REUSE && !/^[a-z0-9_]+$/.test(REUSE)) throw new Error('BENCH_DATABASE: a database name');
const database = REUSE ? existingDatabase(REUSE) : await createDatabase(`atrium_bench_search_${process.pid}`);
const handle = openDatabase({ databaseUrl: database.url, dataDir: 'memory://' });
const sql = new pg.Client({ connectionString: database.url });
const secs = (t) => ((performance.now() - t) / 1000).toFixed(1);
try {
  const migrating = performance.now();
  await handle.migrate();
  // On a kept database this is a new migration's cost on 10 M moments (an index build holds off writes meanwhile).
  if (REUSE) console.log(`migrations applied in ${secs(migrating)} s`);
  await sql.connect();
  if (!REUSE) await seed();
  await report();
} finally {
  await sql.end().catch(() => {});
  await handle.close();
  // BENCH_KEEP_DATABASE=1 leaves the generated data for EXPLAIN sessions (drop it yourself afterwards).
  if (process.env.BENCH_KEEP_DATABASE || REUSE) console.log(`kept: ${database.url}`);
  else await database.drop();
}

function existingDatabase(name) {
  const url = new URL(process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => {} };
}

async function seed() {
  const [{ id: projectId }] = (
    await sql.query(`insert into ingest_projects (name, key) values ('bench', 'bench-key') returning id`)
  ).rows;
  let t = performance.now();
  // Sessions spread over the last 30 days; learner ids over 2 000 learners.
  await sql.query(
    `insert into ingest_sessions (project_id, user_uuid, user_id, started_at, last_activity_at, url,
       first_message_at, last_message_at, pages, clicks, errors, failed_requests)
     select $1, gen_random_uuid(), 'learner-' || (i % 2000), now() - (i * interval '30 days') / $2,
       now() - (i * interval '30 days') / $2, 'https://portal.example/home',
       0, 60000 + (i % 600) * 1000, 20, 20, 20, 20
     from generate_series(1, $2) i`,
    [projectId, SESSIONS],
  );
  await sql.query(`create temporary table n as
    select id, row_number() over (order by started_at) i,
      (extract(epoch from started_at) * 1000)::bigint t0 from ingest_sessions`);
  console.log(`sessions: ${SESSIONS} in ${secs(t)} s`);
  // The search indexes are dropped for the load and built after it (as a restore would), then timed.
  // One trigram index per kind (ADR 0071).
  const kinds = ['visited_url', 'clicked_text', 'error_text', 'failed_url', 'custom_event'];
  await sql.query('drop index ingest_search_events_session_value_idx');
  for (const kind of kinds) await sql.query(`drop index ingest_search_events_${kind}_trgm_idx`);
  t = performance.now();
  const chunk = 5_000;
  for (let from = 1; from <= SESSIONS; from += chunk) {
    // Five kinds in turn; vocabularies sized so terms range from unique to in every session. One rare needle
    // (an exception's message) in one session out of 1 000.
    await sql.query(
      `insert into ingest_search_events (session_id, tab_id, kind, at, value)
       select n.id, 'tab-1', (array['visited_url','clicked_text','error_text','failed_url','custom_event'])[1 + j % 5],
         n.t0 + j * 1000,
         case j % 5
           when 0 then 'https://portal.example/course/' || ((n.i * 7 + j) % 2000) || '/chapter/' || (j % 40)
           when 1 then (array['開始上課','繳交作業','下一頁','課程列表','Save','Submit answer','Open chapter','Download file'])[1 + (n.i + j) % 8] || ' ' || ((n.i * j) % 500)
           when 2 then case when n.i % 1000 = 0 and j = 2 then 'Upload quota exceeded for task ' || n.i
             else 'Cannot read properties of undefined (reading ''field' || ((n.i + j) % 300) || ''')' end
           when 3 then 'https://portal.example/v1/tasks/' || ((n.i * 31 + j) % 50000) || '/submissions'
           else 'event_' || ((n.i + j) % 1000)
         end
       from n cross join generate_series(0, $3 - 1) j where n.i between $1 and $2`,
      [from, Math.min(SESSIONS, from + chunk - 1), PER_SESSION],
    );
  }
  console.log(`moments: ${SESSIONS * PER_SESSION} in ${secs(t)} s`);
  t = performance.now();
  await sql.query(
    `create index ingest_search_events_session_value_idx on ingest_search_events
       using btree (session_id, kind, at, value)`,
  );
  console.log(`(session, kind, at, value) index built in ${secs(t)} s`);
  t = performance.now();
  for (const kind of kinds) {
    await sql.query(
      `create index ingest_search_events_${kind}_trgm_idx on ingest_search_events using gin (value gin_trgm_ops)
       where kind = '${kind}'`,
    );
  }
  console.log(`trigram indexes (one per kind) built in ${secs(t)} s`);
  await sql.query('vacuum analyze ingest_search_events');
  await sql.query('analyze ingest_sessions');
}

async function report() {
  const events = Number(
    (await sql.query(`select reltuples::bigint n from pg_class where relname = 'ingest_search_events'`))
      .rows[0].n,
  );
  const size = async (rel) =>
    Number((await sql.query('select pg_total_relation_size($1) b', [rel])).rows[0].b) / 1024 / 1024;
  const table =
    Number((await sql.query(`select pg_relation_size('ingest_search_events') b`)).rows[0].b) / 2 ** 20;
  const byIndex = await size('ingest_search_events_session_value_idx');
  let trgm = 0;
  for (const { name } of (
    await sql.query(
      `select indexrelid::regclass::text as name from pg_index
       where indrelid = 'ingest_search_events'::regclass and indexrelid::regclass::text like '%trgm%'`,
    )
  ).rows)
    trgm += await size(name);
  const perM = (mb) => ((mb / events) * 1e6).toFixed(0);
  console.log(
    `size: table ${table.toFixed(0)} MB, (session, kind, at, value) ${byIndex.toFixed(0)} MB, trigram ${trgm.toFixed(0)} MB` +
      ` — per million moments: ${perM(table)} + ${perM(byIndex)} + ${perM(trgm)} MB`,
  );

  const db = handle.db;
  const base = { sort: 'started_at', order: 'desc', page: 1, pageSize: 50, idleSeconds: 1800 };
  const searches = {
    // The console's sessions list as it opens: no filter, the newest 50 and the total of all 100 000.
    'the list, no filter': {},
    'rare error (1 in 1 000 sessions)': { terms: [{ kind: 'error_text', text: 'quota exceeded' }] },
    'page visited by ~1 %': { terms: [{ kind: 'visited_url', text: '/course/1234/' }] },
    'label in nearly every session': { terms: [{ kind: 'clicked_text', text: 'Submit answer' }] },
    'two terms (page + failed request)': {
      terms: [
        { kind: 'visited_url', text: '/course/1234/' },
        { kind: 'failed_url', text: 'tasks/12' },
      ],
    },
    // The slow case (ADR 0071): a rare page with a label clicked in most sessions.
    'two terms (page + clicked label)': {
      terms: [
        { kind: 'visited_url', text: '/course/1234/' },
        { kind: 'clicked_text', text: '繳交作業' },
      ],
    },
    // Neither term narrows anything: what a multi-term search costs when no term's sessions can be listed.
    'two common terms': {
      terms: [
        { kind: 'clicked_text', text: 'Submit answer' },
        { kind: 'visited_url', text: '/chapter/3' },
      ],
    },
    'a term + one learner': { terms: [{ kind: 'clicked_text', text: '繳交作業' }], userIds: ['learner-42'] },
    'never happened': { terms: [{ kind: 'custom_event', text: 'never_happened' }] },
  };
  console.log(`\nsearch (page of 50 + total + matching moments), ${RUNS} runs each:`);
  for (const [name, terms] of Object.entries(searches)) {
    const times = [];
    let total = 0;
    for (let r = 0; r < RUNS; r++) {
      const start = performance.now();
      total = (await listSessions(db, { ...base, ...terms })).total;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const p = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(0);
    console.log(
      `  ${name.padEnd(36)} found ${String(total).padStart(6)}  p50 ${p(0.5)} ms  p95 ${p(0.95)} ms`,
    );
  }

  // Retention: the sweep deletes expired sessions one by one; their moments go by the foreign key's cascade.
  const oldest = (
    await sql.query('select id from ingest_sessions order by started_at asc limit 100')
  ).rows.map((r) => r.id);
  const keep = Boolean(process.env.BENCH_KEEP_DATABASE || REUSE);
  if (keep) await sql.query('begin');
  const t = performance.now();
  for (const id of oldest) await sql.query('delete from ingest_sessions where id = $1', [id]);
  const per = (performance.now() - t) / oldest.length;
  if (keep) await sql.query('rollback');
  console.log(`\nretention: deleting a session with its ${PER_SESSION} moments: ${per.toFixed(1)} ms each`);
}
