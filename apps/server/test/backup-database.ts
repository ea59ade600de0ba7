import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { adminQuery, withDatabase } from './test-databases.ts';

const run = promisify(execFile);

/** A backup of a running database: PostgreSQL's `pg_dump -Fc` file, or PGlite's own data-directory dump. */
export type DatabaseDump = { kind: 'postgres'; file: string } | { kind: 'pglite'; data: Blob };

/** Dumps the database while the app keeps using it, as the nightly backup of docs/deploy.md does. */
export async function dumpDatabase(handle: DatabaseHandle & { url?: string }): Promise<DatabaseDump> {
  if (handle.kind === 'pglite') {
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    return { kind: 'pglite', data: await client.dumpDataDir('none') };
  }
  if (!handle.url) throw new Error('a PostgreSQL test database has a url');
  const file = join(mkdtempSync(join(tmpdir(), 'atrium-dump-')), 'atrium.dump');
  await run('pg_dump', ['-Fc', '-f', file, handle.url]);
  return { kind: 'postgres', file };
}

/**
 * The dump restored into a fresh database (`createdb` + `pg_restore --no-owner`, or a new PGlite data
 * directory), migrated as the first process started on it would; closing drops it.
 */
export async function restoreDatabase(dump: DatabaseDump): Promise<DatabaseHandle> {
  if (dump.kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'atrium-restored-'));
    const seed = new PGlite(join(dataDir, 'pglite'), { loadDataDir: dump.data, extensions: { pg_trgm } });
    await seed.waitReady;
    await seed.close();
    const handle = openDatabase({ dataDir });
    await handle.migrate();
    return {
      ...handle,
      async close() {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `atrium_r_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = withDatabase(adminUrl, name);
  await run('pg_restore', ['--no-owner', '-d', url, dump.file]);
  rmSync(join(dump.file, '..'), { recursive: true, force: true });
  const handle = openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
