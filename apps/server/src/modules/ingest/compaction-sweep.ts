import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { every } from '../../lib/every.ts';
import { compactEndedSessions } from './compact-ended-sessions.ts';

/**
 * Compacts ended recordings every RECORDING_COMPACTION_INTERVAL_SECONDS in every process that runs ingest
 * (compactEndedSessions claims sessions, so processes share the work instead of repeating it; within one
 * process a pass never overlaps itself: `every`). Off in tests, which call compactEndedSessions directly.
 */
export const compactionSweep = fp(
  async (app: FastifyInstance) => {
    const { compactionIntervalSeconds, sessionIdleSeconds } = app.config.ingest;
    if (app.config.env === 'test' || compactionIntervalSeconds <= 0) return;
    every(app, 'recording compaction', compactionIntervalSeconds * 1000, async () => {
      const done = await compactEndedSessions(app.db, app.blobs, { idleSeconds: sessionIdleSeconds });
      for (const { sessionId, error } of done.failed) {
        app.log.warn({ err: error, sessionId }, 'recording compaction failed; retried when its claim lapses');
      }
      if (done.sessions > 0)
        app.log.info({ sessions: done.sessions, objects: done.objects }, 'ended recordings compacted');
    });
  },
  { name: 'recording-compaction-sweep' },
);
