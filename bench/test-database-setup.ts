// What a test file pays for its database before its first test (issue 33): a fresh database migrated from
// scratch, as every file did, against a copy of the migrated template (apps/server/test/test-databases.ts).
// PGlite always, PostgreSQL too when DATABASE_URL is set. Median of BENCH_RUNS (default 3); figures only.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client.ts';
import { databaseKinds, openTestDatabase } from '../apps/server/test/test-databases.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** Until the database answers a query: PGlite starts its engine on the first one. */
async function time(open: () => Promise<DatabaseHandle>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const handle = await open();
    await handle.db.execute(sql`select count(*) from users`);
    times.push(performance.now() - started);
    await handle.close();
  }
  return median(times);
}

// The template is made once per migrations' content; this run's first copy may build it, so warm it first.
for (const kind of databaseKinds) await (await openTestDatabase(kind)).close();

const fresh = await time(async () => {
  const handle = openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  return handle;
});
console.log(`test database setup, median of ${RUNS}`);
console.log(`pglite    migrated from scratch  ${Math.round(fresh)} ms`);
console.log(
  `pglite    copy of the template   ${Math.round(await time(() => openTestDatabase('pglite')))} ms`,
);
if (databaseKinds.includes('postgres')) {
  const adminUrl = process.env.DATABASE_URL ?? '';
  const freshPostgres = await time(async () => {
    const name = `atrium_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    await handle.migrate();
    return {
      ...handle,
      async close() {
        await handle.close();
        await admin.query(`drop database ${name} with (force)`);
        await admin.end();
      },
    };
  });
  console.log(`postgres  migrated from scratch  ${Math.round(freshPostgres)} ms`);
  console.log(
    `postgres  copy of the template   ${Math.round(await time(() => openTestDatabase('postgres')))} ms`,
  );
}
