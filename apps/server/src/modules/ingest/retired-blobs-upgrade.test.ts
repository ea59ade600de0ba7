import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { createDiskBlobStore } from '../../lib/blob-store.ts';
import { compactEndedSessions } from './compact-ended-sessions.ts';

const migrations = new URL('../../db/migrations', import.meta.url).pathname;
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The migrations as a release before ADR 0078 shipped them: up to 0021. */
function migrationsBefore0022(): string {
  const folder = mkdtempSync(join(tmpdir(), 'atrium-migrations-'));
  folders.push(folder);
  cpSync(migrations, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= 21);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/**
 * Issue 31: a deployment upgraded with a replaced blob left over by a compactor stopped before removing it (ADR
 * 0053's crash after the transaction). The migration queues it, and the first pass past the grace removes it.
 */
it('an upgrade queues the replaced blobs an old compactor left, and the next pass removes them', async () => {
  const client = new PGlite('memory://', { extensions: { pg_trgm } });
  const db = drizzle(client, { schema, casing: 'snake_case' });
  const blobRoot = mkdtempSync(join(tmpdir(), 'atrium-blobs-'));
  folders.push(blobRoot);
  const blobs = createDiskBlobStore(blobRoot);
  try {
    await migrate(db, { migrationsFolder: migrationsBefore0022() });
    const compactedAt = new Date(Date.now() - 3 * 86_400_000);
    const [{ id: projectId }] = (
      await client.query<{ id: string }>(
        `insert into ingest_projects (name, key) values ('p', 'p') returning id`,
      )
    ).rows as [{ id: string }];
    const [{ id: sessionId }] = (
      await client.query<{ id: string }>(
        `insert into ingest_sessions (project_id, user_uuid, started_at, last_activity_at, compacted_at)
         values ($1, gen_random_uuid(), $2, $2, $2) returning id`,
        [projectId, compactedAt],
      )
    ).rows as [{ id: string }];
    const left = `recordings/${projectId}/${sessionId}/000001-000000-a-0.json.gz`;
    const object = `recordings/${projectId}/${sessionId}/compacted/t-000-c.json.gz`;
    await blobs.put(left, Buffer.from('old'), 'application/gzip');
    await blobs.put(object, Buffer.from('new'), 'application/gzip');
    await client.query(
      `insert into ingest_batches (session_id, batch_id, tab_id, page_no, seq, blob_key, blob_offset, blob_length,
         retired_blob_key, bytes, message_count) values ($1, 'a', 't', 1, 0, $2, 0, 3, $3, 3, 1)`,
      [sessionId, object, left],
    );

    await migrate(db, { migrationsFolder: migrations });
    await compactEndedSessions(db as unknown as Database, blobs, {
      idleSeconds: 1800,
      retiredGraceHours: 48,
    });
    expect(await blobs.get(left)).toBeNull();
    expect((await blobs.get(object))?.toString()).toBe('new');
    const { rows } = await client.query<{ retired: string | null }>(
      'select retired_blob_key as retired from ingest_batches',
    );
    expect(rows).toEqual([{ retired: null }]);
  } finally {
    await client.close();
  }
});
