import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from './errors.ts';
import { fallbackStore, type RateLimitState } from './fallback-rate-limit-store.ts';
import { createRateCounters, type RateCounters } from './rate-counters.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where rate-limit counters live right now (health reports it). */
    rateLimitState: RateLimitState;
    /** Named counters in the same store, for limits keyed by something other than the route (ADR 0013). */
    rateCounters: RateCounters;
    /** With REDIS_URL: asks Redis for a PONG (readiness); null without Redis. */
    pingRedis: (() => Promise<unknown>) | null;
  }
}

/**
 * Rate limits are opt-in per route (`config: { rateLimit: { max, timeWindow } }`): sign-in, sign-up,
 * reset and code entry set theirs. With REDIS_URL the counters are shared by every process; while Redis is
 * unreachable each process counts on its own (never fails open), and health says so.
 */
export const rateLimits = fp(
  async (app: FastifyInstance, opts: { redisUrl?: string; redisKeyPrefix?: string; enabled: boolean }) => {
    const state: RateLimitState = { mode: 'per-process', since: new Date() };
    app.decorate('rateLimitState', state);
    const redis = opts.redisUrl
      ? new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 })
      : undefined;
    let store: ReturnType<typeof fallbackStore> | undefined;
    if (redis) {
      // quit() needs a live connection; during an outage there is none to close politely.
      app.addHook('onClose', async () => {
        if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
        else redis.disconnect();
      });
      // ioredis emits 'error' on every failed reconnect; unheard, each is an unhandled error in the log.
      // Logged once per outage, and once when it is over.
      redis.on('error', (err) => {
        if (state.mode !== 'per-process-fallback') {
          state.mode = 'per-process-fallback';
          state.since = new Date();
          app.log.warn({ err: { message: err.message } }, 'Redis unreachable: rate limits count per process');
        }
      });
      store = fallbackStore(
        redis,
        state,
        (s, previous) => {
          // The first connection at boot is no recovery: a WARN at every start would page someone for nothing.
          if (s.mode === 'shared' && previous === 'per-process')
            app.log.info('Redis connected: rate limits shared');
          else if (s.mode === 'shared') app.log.warn('Redis back: rate limits shared again');
          else app.log.warn('Redis unreachable: rate limits count per process');
        },
        opts.redisKeyPrefix,
      );
      // Wait for Redis at boot so the first attempts after a start are counted where every process sees them.
      state.mode = (await redisReady(redis, 3000)) ? 'shared' : 'per-process-fallback';
      if (state.mode !== 'shared') app.log.warn('Redis not reachable yet: rate limits count per process');
    }
    app.decorate('rateCounters', createRateCounters(store));
    app.decorate('pingRedis', redis ? () => redis.ping() : null);
    await app.register(rateLimit, {
      global: false,
      store,
      skipOnError: false,
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
