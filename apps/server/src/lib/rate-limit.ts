import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from './errors.ts';

/**
 * Rate limits are opt-in per route (`config: { rateLimit: { max, timeWindow } }`): sign-in, sign-up,
 * reset and code entry set theirs. With REDIS_URL the counters are shared by every process.
 */
export const rateLimits = fp(
  async (app: FastifyInstance, opts: { redisUrl?: string; enabled: boolean }) => {
    const redis = opts.redisUrl
      ? new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 })
      : undefined;
    if (redis) {
      app.addHook('onClose', async () => void redis.quit());
      // With no offline queue, a count sent before the connection is up fails and, with skipOnError, is
      // not counted: wait for Redis at boot so the first attempts after a start are limited too. An
      // unreachable Redis only delays boot a little; limits then fail open, logged, until it is back.
      if (!(await redisReady(redis, 3000))) app.log.warn('Redis not reachable yet: rate limits fail open');
    }
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: 'atrium-rl-',
      skipOnError: true,
      allowList: () => !opts.enabled,
      errorResponseBuilder: (_request, context) =>
        new AppError(
          429,
          'rate_limited',
          `嘗試次數過多，請於 ${Math.max(1, Math.ceil(context.ttl / 1000))} 秒後再試`,
        ),
    });
  },
  { name: 'rate-limits' },
);

function redisReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
}
