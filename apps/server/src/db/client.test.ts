import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-databases.ts';
import { openDatabase } from './client.ts';

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL going away under a running server', () => {
  it('a connection killed in the middle of a transaction fails that transaction, not the process', async () => {
    const fresh = await openTestDatabase('postgres');
    const lost: Error[] = [];
    const handle = openDatabase({
      databaseUrl: fresh.url,
      dataDir: 'memory://',
      onIdleError: (e) => lost.push(e),
    });
    const admin = new pg.Client({ connectionString: fresh.url });
    await admin.connect();
    try {
      // What a PostgreSQL restart does to a connection held between two statements (a batch's transaction
      // waiting on the blob store): the server ends it. Unheard, that error used to end the whole process.
      const outcome = await handle.db
        .transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          const deadline = Date.now() + 5000;
          while (lost.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      expect(outcome).toBe('failed');
      expect(lost[0]?.message).toMatch(/terminating connection/);
      // The pool replaced the connection: the next query is answered.
      const { rows } = (await handle.db.execute(sql`select 1 as one`)) as unknown as {
        rows: { one: number }[];
      };
      expect(rows[0]?.one).toBe(1);
    } finally {
      await admin.end();
      await handle.close();
      await fresh.close();
    }
  });
});
