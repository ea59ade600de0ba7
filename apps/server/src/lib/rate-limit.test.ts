import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { redisAnswers, redisTestUrl } from '../../test/redis-available.ts';
import { trackerStartBody } from '../../test/tracker-start-body.ts';
import { PORTAL_PROJECT } from '../db/seed/seed-ingest.ts';

const redisUrl = redisTestUrl;
const available = await redisAnswers();
if (!available && process.env.CI) throw new Error(`Redis is required in CI (${redisUrl})`);
if (!available) console.warn(`rate-limit.test.ts skipped: no Redis at ${redisUrl}`);

describe.skipIf(!available)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp('pglite', { REDIS_URL: redisUrl });
    b = await createTestApp('pglite', { REDIS_URL: redisUrl });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts sign-in attempts across server processes, so a second process refuses the 11th', async () => {
    // A fresh address per run keeps this test's counters apart from any other run on the same Redis. The
    // limiter counts an IPv6 address by its /64, so the random part must sit in the first 64 bits.
    const hex = randomBytes(4).toString('hex');
    const ip = `2001:db8:${hex.slice(0, 4)}:${hex.slice(4)}::1`;
    // A new account each time: the per-account throttle (ADR 0013) must not be what answers.
    let n = 0;
    const attempt = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/user/login',
        remoteAddress: ip,
        payload: { email: `nobody${hex}-${n++}@example.com`, password: 'Wrong1234' },
      });
    for (let i = 0; i < 10; i += 1) {
      const res = await attempt(i % 2 ? a : b);
      expect(res.statusCode).toBe(400);
    }
    const refused = await attempt(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('秒後再試'),
    });
  });
});

describe.skipIf(!available)('rate-limit counters in Redis', () => {
  it('are named after their route or their limiter, never `undefinedundefined`', async () => {
    const prefix = `rl-names-${randomBytes(4).toString('hex')}:`;
    const t = await createTestApp('pglite', { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
    const redis = new Redis(redisUrl);
    try {
      // A route's own limit (sign-in) and a limiter the route asks itself (sessions started per address).
      await t.app.inject({
        method: 'POST',
        url: '/v1/user/login',
        payload: { email: 'nobody@example.com', password: 'Wrong1234' },
      });
      const start = await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/start',
        payload: trackerStartBody(),
      });
      expect(start.statusCode).toBe(200);
      const keys = (await redis.keys(`${prefix}*`)).sort();
      expect(keys).toContain(`${prefix}atrium-rl-POST/v1/user/login-127.0.0.1`);
      expect(keys).toContain(`${prefix}atrium-rl-limiter:session-start:${PORTAL_PROJECT.key}:127.0.0.1`);
      expect(keys.filter((k) => k.includes('undefined'))).toEqual([]);
    } finally {
      if (redis.status === 'ready') {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      }
      redis.disconnect();
      await t.close();
    }
  });
});

describe('rate limits while Redis is unreachable', () => {
  it('count per process instead of failing open, and health reports the outage', async () => {
    // Nothing listens on port 1: every Redis call fails, as during an outage.
    const t = await createTestApp('pglite', { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/v1/user/login',
          remoteAddress: '203.0.113.50',
          payload: { email: 'nobody@example.com', password: 'Wrong1234' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(10)).toEqual([429, 429]);
      const health = await t.app.inject({ method: 'GET', url: '/v1/health' });
      expect(health.json()).toMatchObject({ ok: true, rateLimits: 'per-process-fallback', degraded: true });
    } finally {
      await t.close();
    }
  }, 30_000);
});

describe.skipIf(!available)('a start with Redis up', () => {
  it('logs no warning: connecting at boot is not a recovery from an outage', async () => {
    const lines: { level: number; msg?: string }[] = [];
    const t = await createTestApp(
      'pglite',
      { REDIS_URL: redisUrl, LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    );
    try {
      expect(t.app.rateLimitState.mode).toBe('shared');
      const warnings = lines.filter((l) => l.level >= 40).map((l) => l.msg);
      expect(warnings.filter((m) => /redis/i.test(m ?? ''))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
