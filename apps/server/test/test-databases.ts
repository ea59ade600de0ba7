import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const databaseKinds: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh, migrated database of the given kind. For PostgreSQL that is a new database on the server
 * named in DATABASE_URL, dropped again on close, so parallel test files never see each other's rows.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle & { url?: string }> {
  if (kind === 'pglite') {
    const handle = openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    return handle;
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `atrium_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  await handle.migrate();
  return {
    ...handle,
    kind: 'postgres',
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
