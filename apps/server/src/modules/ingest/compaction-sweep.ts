import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { every } from '../../lib/every.ts';
import { compactEndedSessions } from './compact-ended-sessions.ts';

/** One pass: compacts what has ended and reports it on /metrics and in the log. */
export async function compactAndReport(app: FastifyInstance, now?: number) {
  const { compaction } = app.metrics;
  const done = await compactEndedSessions(app.db, app.blobs, {
    idleSeconds: app.config.ingest.sessionIdleSeconds,
    retiredGraceHours: app.config.ingest.retiredBlobGraceHours,
    now,
  }).catch((error) => {
    compaction.runs.inc({ outcome: 'failed' });
    throw error;
  });
  compaction.runs.inc({ outcome: 'ok' });
  compaction.lastSuccess.set(Date.now() / 1000);
  compaction.sessions.inc({ outcome: 'compacted' }, done.sessions);
  compaction.sessions.inc({ outcome: 'failed' }, done.failed.length);
  compaction.objects.inc(done.objects);
  for (const { sessionId, error } of done.failed) {
    app.log.warn({ err: error, sessionId }, 'recording compaction failed; retried when its claim lapses');
  }
  if (done.sessions > 0)
    app.log.info({ sessions: done.sessions, objects: done.objects }, 'ended recordings compacted');
  return done;
}

/**
 * Compacts ended recordings every RECORDING_COMPACTION_INTERVAL_SECONDS in every process that runs ingest
 * (compactEndedSessions claims sessions, so processes share the work instead of repeating it; within one
 * process a pass never overlaps itself: `every`). Off in tests, which call compactEndedSessions directly.
 */
export const compactionSweep = fp(
  async (app: FastifyInstance) => {
    const { compactionIntervalSeconds } = app.config.ingest;
    if (app.config.env === 'test' || compactionIntervalSeconds <= 0) return;
    every(app, 'recording compaction', compactionIntervalSeconds * 1000, async () => {
      await compactAndReport(app);
    });
  },
  { name: 'recording-compaction-sweep' },
);
