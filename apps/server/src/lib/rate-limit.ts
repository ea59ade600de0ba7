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
    if (redis) app.addHook('onClose', async () => void redis.quit());
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
