import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { every } from '../../lib/every.ts';
import { settleEndedClicks } from './settle-ended-clicks.ts';

/** Often enough that a dead click at the end of a visit is findable soon after the visit ends. */
const SWEEP_MS = 5 * 60_000;

/**
 * Judges the clicks ended sessions left undecided (ADR 0057), on start and every five minutes in each process
 * that runs ingest. Off in tests, which call settleEndedClicks directly.
 */
export const clickSettleSweep = fp(
  async (app: FastifyInstance) => {
    if (app.config.env === 'test') return;
    const idleSeconds = app.config.ingest.sessionIdleSeconds;
    every(app, 'click settle sweep', SWEEP_MS, async () => {
      const settled = await settleEndedClicks(app.db, { idleSeconds });
      if (settled > 0) app.log.debug({ settled }, 'undecided clicks of ended sessions judged');
    });
  },
  { name: 'click-settle-sweep' },
);
