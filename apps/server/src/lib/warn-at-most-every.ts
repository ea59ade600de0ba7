import type { FastifyBaseLogger } from 'fastify';

/**
 * A warning logged at most once per `ms` for each key, saying how many like it were held back: an engine
 * that fails every call (a blob store refusing writes) is reported without a line per request.
 */
export function warnAtMostEvery(log: FastifyBaseLogger, ms: number, now: () => number = Date.now) {
  const last = new Map<string, { at: number; held: number }>();
  return (key: string, details: Record<string, unknown>, message: string) => {
    const t = now();
    const seen = last.get(key);
    if (seen && t - seen.at < ms) {
      seen.held++;
      return;
    }
    last.set(key, { at: t, held: 0 });
    log.warn({ ...details, heldBack: seen?.held ?? 0 }, message);
  };
}
