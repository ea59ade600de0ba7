import type { FastifyInstance } from 'fastify';
import { every } from '../../lib/every.ts';
import { backgroundWorkOf } from '../account/index.ts';
import { sendBroadcastMails } from './send-broadcast-mails.ts';

/** Scheduled broadcasts are queued by the reminder sweep; this picks their mails up (and any a dead process left). */
const DRAIN_EVERY_MS = 60_000;

/**
 * Empties the broadcast mail queue in the background, a bounded batch at a time (ADR 0063): `kick()` after a
 * broadcast went out, and a timer for the rest. One drain per process at a time; several processes share the
 * queue safely (SKIP LOCKED).
 */
export function broadcastMailDrain(app: FastifyInstance): { kick(): void } {
  const { work } = backgroundWorkOf(app);
  const deps = {
    db: app.db,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    secret: app.config.ingest.secret,
    log: app.log,
  };
  let running = false;
  let again = false;
  const drain = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        while ((await sendBroadcastMails(deps)) > 0);
      } while (again);
    } finally {
      running = false;
    }
  };
  // Tests drive the drain through kick() and app.background.settle(); a timer would race them.
  if (app.config.env !== 'test') every(app, 'broadcast mail drain', DRAIN_EVERY_MS, drain);
  return { kick: () => work.run(drain) };
}
