import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Database, type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const databaseKinds: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

// Migrating a fresh database costs seconds per test file, which on a loaded machine ran past the 60 s hook
// limit (issue 33). So each engine's schema is migrated once, kept as a template named after the migrations'
// content (a new or edited migration makes a new one, never a stale copy), and each test file gets a copy.
const migrationsFolder = new URL('../src/db/migrations', import.meta.url).pathname;
const migrationsHash = (() => {
  // PGlite's version too: its data directory is only good for the engine that wrote it.
  const pglite = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
  const hash = createHash('sha256').update(readFileSync(pglite));
  for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrationsFolder, name);
    hash.update(name);
    if (/\.(sql|json)$/.test(name)) hash.update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
})();

const pgliteOptions = { extensions: { pg_trgm } };
const PGLITE_CACHE = 'atrium-test-pglite-';
// Two days: with relatime an access time can lag a read by up to a day.
const UNUSED_MS = 2 * 86_400_000;

/** Templates of other migrations (~40 MB each) go after two days unread; a run that wants one rebuilds it. */
function forgetOldPgliteTemplates() {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PGLITE_CACHE)) continue;
    const path = join(tmpdir(), name);
    try {
      if (Date.now() - statSync(path).atimeMs > UNUSED_MS) rmSync(path, { force: true });
    } catch {
      // Another run removed or renamed it first.
    }
  }
}
let pgliteTemplate: Promise<Blob> | undefined;

/** The migrated PGlite data directory as a tarball, cached in the OS's temporary folder across runs. */
function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = join(tmpdir(), `${PGLITE_CACHE}${migrationsHash}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    forgetOldPgliteTemplates();
    const client = new PGlite('memory://', pgliteOptions);
    await migratePglite(drizzlePglite(client, { schema, casing: 'snake_case' }), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Parallel workers may all build it: each writes its own file and renames it, and a rename is atomic.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return pgliteTemplate;
}

/** A PGlite database in memory, started from the migrated template (the same engine as openDatabase's). */
async function openPgliteCopy(): Promise<DatabaseHandle> {
  const client = new PGlite('memory://', { ...pgliteOptions, loadDataDir: await migratedPgliteTemplate() });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    // Already migrated: drizzle finds every migration recorded and applies none.
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

const templateName = `atrium_template_${migrationsHash}`;
let postgresTemplate: Promise<void> | undefined;

/**
 * The migrated PostgreSQL template, created once if missing. Test processes (and other runs on the same
 * server) may ask at the same time: an advisory lock lets one build it while the others wait; it is built
 * under another name and renamed, so a half-migrated template is never copied.
 */
function ensurePostgresTemplate(adminUrl: string): Promise<void> {
  postgresTemplate ??= (async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`select pg_advisory_lock(hashtext($1))`, [templateName]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [templateName]);
      if (found.rowCount) return;
      const building = `${templateName}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const handle = openDatabase({ databaseUrl: withDatabase(adminUrl, building), dataDir: 'memory://' });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await admin.query(`alter database ${building} rename to ${templateName}`);
    } finally {
      await admin.end();
    }
  })();
  return postgresTemplate;
}

/** The server's address of DATABASE_URL, naming database `name` instead. */
export function withDatabase(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on its own connection to the server (create or drop a database: never inside a pool). */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated database of the given kind: a copy of the migrated template. For PostgreSQL that is a
 * new database on the server named in DATABASE_URL, dropped again on close, so parallel test files never
 * see each other's rows.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle & { url?: string }> {
  if (kind === 'pglite') return openPgliteCopy();
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  await ensurePostgresTemplate(adminUrl);
  const name = `atrium_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${templateName}`);
  const url = withDatabase(adminUrl, name);
  const handle = openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  return {
    ...handle,
    kind: 'postgres',
    url,
    async close() {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
