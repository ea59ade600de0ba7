import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnPostgres } from '../../../bench/own-engines.mjs';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

/**
 * A PostgreSQL restart under a running app: PostgreSQL of its own (Debian's binaries, own port and folder), so
 * restarting it disturbs nobody else's tests.
 */
describe('a PostgreSQL restart under the app', () => {
  let postgres: Awaited<ReturnType<typeof startOwnPostgres>>;
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    postgres = await startOwnPostgres();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: 'memory://',
      DATABASE_URL: postgres.url,
      ATRIUM_SERVICES: 'web',
      RECORDING_COMPACTION_INTERVAL_SECONDS: '0',
    });
    app = await buildApp(config, { logStream: { write: (line) => lines.push(JSON.parse(line)) } });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await postgres?.stop();
  }, 60_000);

  it('logs one warning line without a stack for the burst of lost pool connections, not one trace each', async () => {
    // Ten queries at once leave ten idle connections in the pool, each of which the restart cuts.
    await Promise.all(Array.from({ length: 10 }, () => app.db.execute(sql`select pg_sleep(0.2)`)));
    const before = lines.length;
    await postgres.restart();
    // Back in service: the pool has opened new connections.
    await until(
      async () => (await app.inject({ method: 'GET', url: '/v1/health/ready' })).statusCode === 200,
    );
    const warnings = lines.slice(before).filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ msg: expect.stringContaining('database connections lost') });
    expect(JSON.stringify(warnings)).not.toContain('stack');
  }, 120_000);
});

async function until(check: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
