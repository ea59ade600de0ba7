import { normalizeIP } from '@fastify/rate-limit';
import { AppError } from '../../lib/errors.ts';
import type { RateCounters } from '../../lib/rate-counters.ts';
import { sha256 } from '../../lib/tokens.ts';

/** What is being throttled: guesses (counted when wrong) or mails (counted on every request). */
export type ThrottleScope = 'sign-in' | 'login-code' | 'register-code' | 'reset-mail' | 'verify-mail';

interface BackOff {
  /** Events allowed back to back; the next one waits. */
  free: number;
  /** The first delay; each further event doubles it, up to `capMs`. */
  baseMs: number;
  capMs: number;
}

/** A counter forgets an account 15 minutes after its last counted event. */
export const THROTTLE_FORGET_MS = 15 * 60_000;
const CAP_MS = 5 * 60_000;
// Per account and address: one guesser is slowed after a few tries. Per account, from any address: an
// attacker rotating addresses is slowed too, after more tries, so the owner's typos never reach it.
const GUESS = {
  pair: { free: 5, baseMs: 1000, capMs: CAP_MS },
  account: { free: 10, baseMs: 1000, capMs: CAP_MS },
} satisfies Record<string, BackOff>;
// Mails: three in a row, then waits of 30 s, 1, 2, 4 and at most 5 minutes, whoever asks.
const MAIL: BackOff = { free: 3, baseMs: 30_000, capMs: CAP_MS };

/** The back-off rules, for tests and the ADR. */
export const THROTTLE_RULES = { ...GUESS, mail: MAIL };

/** The wait owed after the n-th counted event: none before the `free`-th, then `baseMs`, doubling to the cap. */
export function backOffMs(n: number, rule: BackOff): number {
  if (n < rule.free) return 0;
  return Math.min(rule.capMs, rule.baseMs * 2 ** Math.min(30, n - rule.free));
}

export const throttled = (seconds: number) =>
  new AppError(429, 'rate_limited', `嘗試次數過多，請於 ${seconds} 秒後再試`, {
    'retry-after': String(seconds),
  });

export interface ThrottleSubject {
  /** The normalised e-mail the request names (whether or not an account has it: no enumeration). */
  email: string;
  ip?: string;
  /** A browser this account already trusts (its `device` cookie passed a code): counted on its own. */
  knownDevice?: string;
}

export interface AccountThrottle {
  /** Refuses (429 with Retry-After) while the subject owes a delay for this scope. */
  check(scope: ThrottleScope, subject: ThrottleSubject): Promise<void>;
  /** Counts a wrong guess, or a mail request. */
  count(scope: ThrottleScope, subject: ThrottleSubject): Promise<void>;
  /** check, then count: for mail requests, where every request counts. */
  take(scope: ThrottleScope, subject: ThrottleSubject): Promise<void>;
}

/**
 * Per-account throttling beside the per-IP route limits (ADR 0013): growing delays capped at 5 minutes,
 * never a hard lock, keyed by the normalised address (hashed: no addresses in Redis), in the shared
 * rate-limit store. Off with RATE_LIMIT_DISABLED, like the route limits.
 */
export function accountThrottle(counters: RateCounters, enabled: boolean): AccountThrottle {
  const keysOf = (scope: ThrottleScope, s: ThrottleSubject): [string, BackOff][] => {
    const account = `acct:${scope}:${sha256(s.email.trim().toLowerCase()).slice(0, 32)}`;
    if (scope === 'reset-mail' || scope === 'verify-mail') return [[account, MAIL]];
    // A trusted browser proved the mailbox before: strangers' guesses must not delay it.
    if (s.knownDevice) return [[`${account}:dev:${sha256(s.knownDevice).slice(0, 32)}`, GUESS.pair]];
    return [
      [`${account}:ip:${normalizeIP(s.ip ?? 'none')}`, GUESS.pair],
      [account, GUESS.account],
    ];
  };
  const throttle: AccountThrottle = {
    async check(scope, subject) {
      if (!enabled) return;
      const waits = await Promise.all(
        keysOf(scope, subject).map(async ([key, rule]) => {
          const { count, ttlMs } = await counters.peek(key, THROTTLE_FORGET_MS);
          if (count === 0) return 0;
          const sinceLast = THROTTLE_FORGET_MS - ttlMs;
          return backOffMs(count, rule) - sinceLast;
        }),
      );
      const wait = Math.max(...waits);
      if (wait > 0) throw throttled(Math.max(1, Math.ceil(wait / 1000)));
    },
    async count(scope, subject) {
      if (!enabled) return;
      await Promise.all(keysOf(scope, subject).map(([key]) => counters.hit(key, THROTTLE_FORGET_MS)));
    },
    async take(scope, subject) {
      await throttle.check(scope, subject);
      await throttle.count(scope, subject);
    },
  };
  return throttle;
}
