import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { every } from '../../lib/every.ts';
import { removeExpiredRecordings } from './remove-expired-recordings.ts';

/** Hourly: retention is counted in days, so a recording outlives its term by an hour at most. */
const SWEEP_MS = 3_600_000;

/**
 * Removes recordings past RECORDING_RETENTION_DAYS on a timer, like the training reminder sweep: on start,
 * then every hour, in every process that runs ingest (removeExpiredRecordings is safe to run concurrently;
 * within one process a long backlog never overlaps itself: `every`).
 * Off in tests, which call removeExpiredRecordings directly, and when retention is 0 (keep forever).
 */
export const retentionSweep = fp(
  async (app: FastifyInstance) => {
    const days = app.config.ingest.retentionDays;
    if (app.config.env === 'test' || days <= 0) return;
    every(app, 'recording retention sweep', SWEEP_MS, async () => {
      const { retention } = app.metrics;
      const removed = await removeExpiredRecordings(app.db, app.blobs, { retentionDays: days }).catch(
        (error) => {
          retention.runs.inc({ outcome: 'failed' });
          throw error;
        },
      );
      retention.runs.inc({ outcome: 'ok' });
      retention.removed.inc(removed);
      retention.lastSuccess.set(Date.now() / 1000);
      if (removed > 0) app.log.info({ removed, retentionDays: days }, 'expired recordings removed');
    });
  },
  { name: 'recording-retention-sweep' },
);
