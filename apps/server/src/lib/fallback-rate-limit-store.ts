/// <reference path="./rate-limit-stores.d.ts" />
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type Counted = (error: Error | null, result: { current: number; ttl: number } | null) => void;
interface Store {
  incr(key: string, cb: Counted, timeWindow: number, max: number): void;
  read?(key: string, cb: Counted, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}
interface GlobalParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}
/** What @fastify/rate-limit hands `child()`: a route's merged limits and, for a route, the route itself. */
interface ChildParams extends GlobalParams {
  routeInfo?: { method?: string; url?: string };
}

/** Whether limits are shared through Redis right now; the health route reports it. */
export interface RateLimitState {
  mode: 'per-process' | 'shared' | 'per-process-fallback';
  since: Date;
}

/**
 * Counters in Redis while it answers, in this process's memory while it does not (issue 8: limits failed
 * open during an outage, so 200 of 200 password guesses went through). During an outage every process still
 * limits on its own, so an attacker gets at most N × the limit, never unlimited tries.
 */
export function fallbackStore(
  redis: Redis,
  state: RateLimitState,
  onChange: (state: RateLimitState, previous: RateLimitState['mode']) => void,
  keyPrefix = '',
) {
  const mark = (mode: RateLimitState['mode']) => {
    if (state.mode === mode) return;
    const previous = state.mode;
    state.mode = mode;
    state.since = new Date();
    onChange(state, previous);
  };
  redis.on('ready', () => mark('shared'));
  const base = `${keyPrefix}atrium-rl-`;
  // A route's counters are named after it (`…atrium-rl-POST/v1/user/login-<address>`). A limiter made with
  // createRateLimit() has no route, and RedisStore would name its keys `…atrium-rl-undefinedundefined-…`;
  // its key generator names the counter (`task-submit:<user>`), so it only needs a prefix of its own.
  const sharedChild = (shared: Store, params: ChildParams): Store =>
    params.routeInfo?.method && params.routeInfo.url
      ? shared.child(params)
      : (new RedisStore(
          params.continueExceeding ?? false,
          params.exponentialBackoff ?? false,
          redis,
          `${base}limiter:`,
        ) as Store);
  const wrap = (shared: Store, local: Store): Store => {
    const route =
      (method: 'incr' | 'read') => (key: string, cb: Counted, timeWindow: number, max: number) => {
        const localFn = local[method]?.bind(local);
        if (state.mode !== 'shared' || redis.status !== 'ready') {
          if (redis.status !== 'ready') mark('per-process-fallback');
          return localFn?.(key, cb, timeWindow, max);
        }
        shared[method]?.(
          key,
          (error, result) => {
            if (!error) return cb(null, result);
            mark('per-process-fallback');
            localFn?.(key, cb, timeWindow, max);
          },
          timeWindow,
          max,
        );
      };
    return {
      incr: route('incr'),
      read: route('read'),
      child: (routeOptions) =>
        wrap(sharedChild(shared, routeOptions as ChildParams), local.child(routeOptions)),
    };
  };
  // @fastify/rate-limit constructs `new store(globalParams)`.
  return function FallbackStore(params: GlobalParams) {
    const [continueExceeding, backoff] = [
      params.continueExceeding ?? false,
      params.exponentialBackoff ?? false,
    ];
    const shared = new RedisStore(continueExceeding, backoff, redis, base);
    const local = new LocalStore(continueExceeding, backoff);
    return wrap(shared as Store, local as Store);
  } as unknown as FastifyRateLimitStoreCtor;
}
