import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';
import { type DatabaseObserver, timePool } from './timed-pool.ts';

export type Schema = typeof schema;
/** PostgreSQL and PGlite speak the same SQL; the rest of the code sees one type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Applies pending migrations; on PostgreSQL one migrator at a time (advisory lock, ADR 0076). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections (total, idle) and queries waiting for one, for /metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PostgreSQL only: reports pool waits and query times, for /metrics. */
  observe?(observer: DatabaseObserver): void;
}

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

/**
 * The advisory-lock key every Atrium migrator takes (ADR 0076): any fixed 64-bit number, the same in every
 * release. Advisory locks are per database, so deployments sharing one server do not wait on each other.
 */
export const MIGRATION_LOCK_KEY = 4_107_553_871_001n;

/**
 * Migrates a PostgreSQL database under a session advisory lock on one dedicated connection: processes starting
 * together (replicas, the `migrate` release step, the admin CLI) run one at a time, and those that waited find
 * nothing left to do. The lock goes with the connection, so a migrator that dies mid-way frees it.
 */
async function migrateUnderLock(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  // A server restart while migrating fails the pending query; without a listener it would crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder });
  } finally {
    // Ending the session releases the lock too; unlocking first lets the next migrator go without waiting for it.
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/**
 * PostgreSQL when a URL is given, otherwise PGlite: on disk under `dataDir/pglite`,
 * or in memory when dataDir is 'memory://' (tests).
 */
export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** Told when an idle pooled connection dies (server restart, failover); the pool replaces it. */
  onIdleError?: (error: Error) => void;
}): DatabaseHandle {
  const { databaseUrl } = opts;
  if (databaseUrl) {
    // A database out of reach without an answer (a partition, a host gone) fails a request after 10 s rather than
    // holding it forever; the error handler answers 503 database_unavailable.
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      connectionTimeoutMillis: 10_000,
    });
    // Without a listener, an idle connection killed by the server would crash the whole process.
    pool.on('error', (error) => opts.onIdleError?.(error));
    // The same for a connection that is checked out but between queries (inside a transaction, say) when the
    // server goes away (a restart, a failover): the pool listens only to idle ones. Its next query fails and
    // the pool drops it on release; the process lives on.
    pool.on('connect', (client) => client.on('error', (error) => opts.onIdleError?.(error)));
    const observe = timePool(pool);
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migrateUnderLock(databaseUrl),
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      observe,
    };
  }
  let location = 'memory://';
  let unlock = () => {};
  if (opts.dataDir !== 'memory://') {
    location = join(opts.dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
    // Before PGlite opens anything: a second process must stop here, not corrupt the first one's files.
    unlock = lockDataDir(opts.dataDir);
  }
  // pg_trgm: the sessions search's "contains" index (ADR 0059, migration 0011).
  const client = new PGlite(location, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
