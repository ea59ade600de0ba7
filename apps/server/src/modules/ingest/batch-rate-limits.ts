import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/**
 * The batch route's own limits (ADR 0011): per recorded session and per address, both counted for every
 * upload. Anyone can get a session token from the public start call, so the per-address limit bounds what one
 * client gets by starting many sessions. Runs after requireTrackerSession, before any body is read.
 */
export function batchRateLimits(app: FastifyInstance, limits: { perSession: number; perAddress: number }) {
  const bySession = app.createRateLimit({
    max: limits.perSession,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `batch-session:${request.trackerSession?.sessionId ?? ''}`,
  });
  const byAddress = app.createRateLimit({
    max: limits.perAddress,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `batch-address:${request.ip}`,
  });
  return async (request: FastifyRequest) => {
    for (const limiter of [bySession, byAddress]) {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) continue;
      throw new AppError(
        429,
        'rate_limited',
        `上傳過於頻繁，請於 ${Math.max(1, result.ttlInSeconds ?? 1)} 秒後再試`,
      );
    }
  };
}
