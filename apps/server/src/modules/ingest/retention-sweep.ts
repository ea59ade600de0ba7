import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { removeExpiredRecordings } from './remove-expired-recordings.ts';

/** Hourly: retention is counted in days, so a recording outlives its term by an hour at most. */
const SWEEP_MS = 3_600_000;

/**
 * Removes recordings past RECORDING_RETENTION_DAYS on a timer, like the training reminder sweep: on start,
 * then every hour, in every process that runs ingest (removeExpiredRecordings is safe to run concurrently).
 * Off in tests, which call removeExpiredRecordings directly, and when retention is 0 (keep forever).
 */
export const retentionSweep = fp(
  async (app: FastifyInstance) => {
    const days = app.config.ingest.retentionDays;
    if (app.config.env === 'test' || days <= 0) return;
    let running = false;
    const sweep = async () => {
      // A backlog (retention just shortened) may take longer than the interval: never two passes at once here.
      if (running) return;
      running = true;
      try {
        const removed = await removeExpiredRecordings(app.db, app.blobs, { retentionDays: days });
        if (removed > 0) app.log.info({ removed, retentionDays: days }, 'expired recordings removed');
      } catch (err) {
        app.log.warn({ err }, 'recording retention sweep failed');
      } finally {
        running = false;
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      void sweep();
      timer = setInterval(sweep, SWEEP_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'recording-retention-sweep' },
);
