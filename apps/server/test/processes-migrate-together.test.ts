import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../scripts/nginx-cluster.mjs';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl && process.env.CI) throw new Error('DATABASE_URL is required in CI');
if (!adminUrl) console.warn('processes-migrate-together: skipped, no DATABASE_URL');

const migrations = new URL('../src/db/migrations', import.meta.url).pathname;
const journal = JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

/** A fresh database on the shared server, and a way to drop it. */
async function freshDatabase() {
  const name = `atrium_mig_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * Migrates `url` as an older release would have: with a copy of the migrations folder whose journal holds only
 * the first `count` entries (0: just drizzle's bookkeeping table, the schema itself empty).
 */
async function migrateFirst(url: string, count: number) {
  const folder = mkdtempSync(join(tmpdir(), 'atrium-old-migrations-'));
  try {
    cpSync(migrations, folder, { recursive: true });
    const meta = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8'));
    meta.entries = meta.entries.slice(0, count);
    writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify(meta));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await migrate(drizzle(client), { migrationsFolder: folder });
    await client.end();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Tables, columns and indexes of the public schema, in a comparable form. */
async function schemaOf(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query(
    `select 'column ' || table_name || '.' || column_name || ' ' || data_type as item
       from information_schema.columns where table_schema = 'public'
     union all
     select 'index ' || indexname || ' ' || indexdef from pg_indexes where schemaname = 'public'
     order by 1`,
  );
  return rows.map((r) => r.item as string);
}

const root = new URL('../../..', import.meta.url).pathname;

/** `npm run migrate` as a release step runs it: its own process; resolves with its exit code and output. */
function runMigrate(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/migrate.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Three replicas an orchestrator starts at once on one database. So that they really meet, the test holds the
 * migrations' bookkeeping table until all three are waiting on a lock — at the table, or (with ADR 0076's
 * advisory lock) at that lock — and then lets them go together.
 */
describe.skipIf(!adminUrl)('three processes starting together on one database', () => {
  const started: ServerProcess[] = [];
  const dataDirs: string[] = [];
  /** The schema one migrator alone makes of an empty database. */
  let current: string[] = [];
  beforeAll(async () => {
    const reference = await freshDatabase();
    const client = new pg.Client({ connectionString: reference.url });
    try {
      await migrateFirst(reference.url, journal.entries.length);
      await client.connect();
      current = await schemaOf(client);
    } finally {
      await client.end();
      await reference.drop();
    }
  });
  afterAll(async () => {
    await Promise.all(started.map((p) => p.stop()));
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  }, 60_000);

  it.each([
    ['an empty database', 0],
    ['a database two migrations behind', journal.entries.length - 2],
  ])(
    'all become ready on %s, each migration applied once',
    async (_name, applied) => {
      const database = await freshDatabase();
      const barrier = new pg.Client({ connectionString: database.url });
      // pg_stat_activity holds still inside a transaction: who waits is asked outside the barrier's.
      const observer = new pg.Client({ connectionString: database.url });
      try {
        await migrateFirst(database.url, applied);
        await barrier.connect();
        await observer.connect();
        await barrier.query('begin');
        await barrier.query('lock table drizzle.__drizzle_migrations in access exclusive mode');
        const processes = await Promise.all(
          ['a', 'b', 'c'].map((n) => {
            const dataDir = mkdtempSync(join(tmpdir(), `atrium-replica-${n}-`));
            dataDirs.push(dataDir);
            return startServerProcess(`replica-${n}`, {
              NODE_ENV: 'production',
              DATABASE_URL: database.url,
              DATA_DIR: dataDir,
              INGEST_SECRET: 'one-deployment-one-secret-of-32-chars-or-more',
              MAIL_TRANSPORT: 'log',
              ATRIUM_SERVICES: 'web,ingest',
            });
          }),
        );
        started.push(...processes);
        const dbName = new URL(database.url).pathname.slice(1);
        await until(
          async () => {
            const { rows } = await observer.query(
              `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
              [dbName],
            );
            return rows[0].n >= 3;
          },
          120_000,
          'three processes waiting to migrate',
        );
        await barrier.query('rollback');

        const ready = await Promise.allSettled(processes.map((p) => p.ready()));
        expect(ready.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        const { rows } = await barrier.query(
          'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
        );
        expect(rows[0]).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
        // The schema is the current one, not merely recorded as such.
        expect(await schemaOf(barrier)).toEqual(current);
        expect(current.length).toBeGreaterThan(100);
      } finally {
        await Promise.all(started.splice(0).map((p) => p.stop()));
        await barrier.end().catch(() => {});
        await observer.end().catch(() => {});
        await database.drop();
      }
    },
    240_000,
  );

  it('the release step brings a database two migrations behind up to date; a second one at once waits', async () => {
    const database = await freshDatabase();
    const barrier = new pg.Client({ connectionString: database.url });
    const observer = new pg.Client({ connectionString: database.url });
    try {
      await migrateFirst(database.url, journal.entries.length - 2);
      await barrier.connect();
      await observer.connect();
      await barrier.query('begin');
      await barrier.query('lock table drizzle.__drizzle_migrations in access exclusive mode');
      const dataDir = mkdtempSync(join(tmpdir(), 'atrium-migrate-step-'));
      dataDirs.push(dataDir);
      const env = {
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        INGEST_SECRET: 'one-deployment-one-secret-of-32-chars-or-more',
        MAIL_TRANSPORT: 'log',
      };
      const runs = [runMigrate(env), runMigrate(env)];
      const dbName = new URL(database.url).pathname.slice(1);
      await until(
        async () => {
          const { rows } = await observer.query(
            `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
            [dbName],
          );
          return rows[0].n >= 2;
        },
        120_000,
        'two release steps waiting to migrate',
      );
      await barrier.query('rollback');
      const results = await Promise.all(runs);
      expect(results.map((r) => r.code)).toEqual([0, 0]);
      expect(results[0]!.output).toContain('database migrated (postgres)');
      const { rows } = await barrier.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(rows[0].n).toBe(journal.entries.length);
      expect(await schemaOf(barrier)).toEqual(current);
    } finally {
      await barrier.end().catch(() => {});
      await observer.end().catch(() => {});
      await database.drop();
    }
  }, 240_000);
});
