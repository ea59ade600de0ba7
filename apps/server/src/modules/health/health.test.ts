import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { cuttableLink } from '../../../test/cuttable-link.ts';
import { redisTestUrl } from '../../../test/redis-available.ts';
import { databaseKinds, openTestDatabase } from '../../../test/test-databases.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { createMailer } from '../../lib/mail.ts';
import { readiness } from './readiness.ts';

/** The value of one metric line (labels included in `series`), or undefined when absent. */
async function gauge(t: TestApp, series: string): Promise<number | undefined> {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}

describe.each(databaseKinds)('health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers ok once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, rateLimits: 'per-process', degraded: false });
    // Only the tracker bundle and avatars may be embedded by other sites.
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is ready when the database and the blob store answer (no Redis configured)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ready: true,
      checks: { database: 'ok', blobs: 'ok', redis: 'not_configured' },
      failed: [],
    });
  });

  it('shares one probe among the readiness calls of a second, and answers a balancer probing every second', async () => {
    const puts = async () => {
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const line = text
        .split('\n')
        .find((l) => l.startsWith('atrium_blob_store_duration_seconds_count{operation="put",outcome="ok"}'));
      return Number(line?.split(' ')[1] ?? 0);
    };
    const before = await puts();
    // Three processes probed once a second for a minute, all from one balancer's address.
    const answers = await Promise.all(
      Array.from({ length: 180 }, () => t.app.inject({ method: 'GET', url: '/v1/health/ready' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect((await puts()) - before).toBeLessThanOrEqual(1);
  });

  it('answers unknown API paths with the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'route_not_found', message: expect.any(String) });
  });

  it('refuses an unsafe call that carries cookies but no matching xsrf header', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/password',
      headers: { cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyz012345' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('xsrf');
  });
});

describe('a process that serves only ingest (ATRIUM_SERVICES=ingest)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ATRIUM_SERVICES: 'ingest' });
  });
  afterAll(() => t.close());

  it('answers readiness and tracker calls, but no user API and no portal', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    const start = await t.app.inject({ method: 'POST', url: '/ingest/v1/web/start', payload: {} });
    expect(start.statusCode).toBe(400);
    const entry = await t.app.inject({ method: 'GET', url: '/v1/entry' });
    expect(entry.statusCode).toBe(404);
    expect(entry.json().code).toBe('route_not_found');
    expect((await t.app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(404);
  });
});

describe('readiness when the blob store cannot be written', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    // Tests run as root, whom a read-only mode does not stop: a file where the blobs folder belongs does.
    dataDir = mkdtempSync(join(tmpdir(), 'atrium-unwritable-'));
    writeFileSync(join(dataDir, 'blobs'), 'not a folder');
    t = await createTestApp('pglite', {
      DATA_DIR: dataDir,
      INGEST_SECRET: 'readiness-test-secret-0123456789abcdef',
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 naming the blob store, while liveness stays 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      ready: false,
      checks: { database: 'ok', blobs: 'failed', redis: 'not_configured' },
      failed: ['blobs'],
    });
    expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    expect(await gauge(t, 'atrium_readiness{dependency="blobs"}')).toBe(0);
    expect(await gauge(t, 'atrium_readiness{dependency="database"}')).toBe(1);
  });

  it('keeps a web-only process ready: the portal works without the bucket (issue 31)', async () => {
    const web = await createTestApp('pglite', {
      DATA_DIR: dataDir,
      INGEST_SECRET: 'readiness-test-secret-0123456789abcdef',
      ATRIUM_SERVICES: 'web',
    });
    try {
      const res = await web.app.inject({ method: 'GET', url: '/v1/health/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ready: true,
        checks: { database: 'ok', blobs: 'not_required', redis: 'not_configured' },
        failed: [],
      });
    } finally {
      await web.close();
    }
  });
});

describe('readiness with REDIS_URL', () => {
  it('checks Redis: ready while it answers, 503 naming it when it does not', async () => {
    const live = await createTestApp('pglite', { REDIS_URL: redisTestUrl });
    try {
      const res = await live.app.inject({ method: 'GET', url: '/v1/health/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json().checks.redis).toBe('ok');
    } finally {
      await live.close();
    }
    // Nothing listens on port 1: the shared store is down.
    const down = await createTestApp('pglite', { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/v1/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().failed).toEqual(['redis']);
    } finally {
      await down.close();
    }
  });

  it('keeps web and ingest processes ready while Redis is down: their limits fall back per process', async () => {
    const down = await createTestApp('pglite', {
      REDIS_URL: 'redis://127.0.0.1:1',
      ATRIUM_SERVICES: 'web,ingest',
    });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/v1/health/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json().checks).toEqual({ database: 'ok', blobs: 'ok', redis: 'not_required' });
    } finally {
      await down.close();
    }
  });

  it('is not failed by a stalled process: answers already waiting count, not the late timer', async () => {
    const t = await createTestApp('pglite', { REDIS_URL: redisTestUrl, ATRIUM_SERVICES: 'assist' });
    try {
      const probe = readiness(t.app);
      // The event loop is starved (a loaded machine) for longer than a check may take.
      const until = Date.now() + 2600;
      while (Date.now() < until) {}
      expect(await probe).toMatchObject({ ready: true, checks: { database: 'ok', redis: 'ok' } });
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('liveness and readiness while the database is unreachable', () => {
  it('liveness stays 200 (no restart), readiness 503 names the database', async () => {
    const database = await openTestDatabase('postgres');
    const url = new URL(database.url!);
    const link = await cuttableLink(url.hostname, Number(url.port || 5432));
    url.hostname = '127.0.0.1';
    url.port = String(link.port);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      PORT: '0',
      PUBLIC_URL: 'http://localhost:3000',
      SMTP_URL: '',
      ATRIUM_SERVICES: 'web',
    });
    const handle = openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', onIdleError: () => {} });
    const mailer = createMailer({ smtpUrl: '', from: config.mailFrom, dataDir: config.dataDir });
    const app = await buildApp(config, { database: handle, mailer });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/v1/health/ready' })).statusCode).toBe(200);
      link.cut();
      const live = await app.inject({ method: 'GET', url: '/v1/health' });
      expect(live.statusCode).toBe(200);
      expect(live.json().ok).toBe(true);
      let ready = await app.inject({ method: 'GET', url: '/v1/health/ready' });
      // A probe of the last second may still be shared; a later one sees the cut. Asked every 100 ms: a tight
      // loop on a fast machine would meet readiness's own rate limit (1 200 a minute) before the next probe.
      for (let tries = 0; ready.statusCode === 200 && tries < 100; tries++) {
        await new Promise((r) => setTimeout(r, 100));
        ready = await app.inject({ method: 'GET', url: '/v1/health/ready' });
      }
      expect(ready.statusCode).toBe(503);
      expect(ready.json().failed).toEqual(['database']);
    } finally {
      await app.close();
      await handle.close();
      await link.close();
      await database.close();
    }
  }, 30_000);
});
