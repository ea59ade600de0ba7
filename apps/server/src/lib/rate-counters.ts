/// <reference path="./rate-limit-stores.d.ts" />
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';

type Counted = (error: Error | null, result: { current: number; ttl: number } | null) => void;
interface Store {
  incr(key: string, cb: Counted, timeWindow: number, max: number): void;
  read(key: string, cb: Counted, timeWindow: number, max: number): void;
}

/** A counter's state: how many events, and how long until it is forgotten (0 when it is). */
export interface Count {
  count: number;
  ttlMs: number;
}

/**
 * Named counters in the rate-limit store (Redis while it answers, this process otherwise), for limits a
 * route config cannot express, such as per-account back-off (ADR 0013). Every event restarts the window,
 * so `windowMs - ttlMs` is the time since the last event.
 */
export interface RateCounters {
  hit(key: string, windowMs: number): Promise<Count>;
  peek(key: string, windowMs: number): Promise<Count>;
}

/** 50 000 keys: enough that an attacker spraying addresses cannot evict a victim's counter in one process. */
const LOCAL_KEYS = 50_000;

export function createRateCounters(storeCtor?: FastifyRateLimitStoreCtor): RateCounters {
  // continueExceeding with max 0 makes every event push the expiry to a full window after it.
  const store = (
    storeCtor
      ? new (storeCtor as unknown as new (p: object) => Store)({
          continueExceeding: true,
          exponentialBackoff: false,
        })
      : new LocalStore(true, false, LOCAL_KEYS)
  ) as Store;
  const call = (method: 'incr' | 'read', key: string, windowMs: number) =>
    new Promise<Count>((resolve, reject) =>
      store[method](
        `counter:${key}`,
        (error, result) =>
          error || !result
            ? reject(error ?? new Error('no counter'))
            : resolve({ count: result.current, ttlMs: Math.max(0, result.ttl) }),
        windowMs,
        0,
      ),
    );
  return {
    hit: (key, windowMs) => call('incr', key, windowMs),
    peek: (key, windowMs) => call('read', key, windowMs),
  };
}
