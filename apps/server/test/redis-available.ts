import { Redis } from 'ioredis';

export const redisTestUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** Redis is on every machine of this project's kind and CI's; a laptop without it skips, CI never does. */
export async function redisAnswers(url = redisTestUrl): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
