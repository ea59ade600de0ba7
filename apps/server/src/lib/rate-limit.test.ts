import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

const redisUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** Redis is on every machine of this project's kind and CI's; a laptop without it skips, CI never does. */
async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
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
    const attempt = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/user/login',
        remoteAddress: ip,
        payload: { email: 'nobody@example.com', password: 'Wrong1234' },
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
