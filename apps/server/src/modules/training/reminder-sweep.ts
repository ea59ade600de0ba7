import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { every } from '../../lib/every.ts';
import { sendDueBroadcasts } from '../notify/index.ts';
import { sendDeadlineReminders } from '../tasks/index.ts';
import { sendClassStarting } from './send-class-starting.ts';

/** Every five minutes is well inside both look-aheads (an hour, a day). */
const SWEEP_MS = 5 * 60_000;

/**
 * Sends 「課程即將開始」 and 「任務即將截止」 messages on a timer. Several processes may sweep at once:
 * claimReminder makes each message go out once. Off in tests, which call the senders directly.
 */
export const reminderSweep = fp(
  async (app: FastifyInstance) => {
    // Only web processes sweep (ingest-only or assist-only processes have no business with classes).
    if (app.config.env === 'test' || !app.config.services.includes('web')) return;
    every(app, 'training reminder sweep', SWEEP_MS, async () => {
      await sendClassStarting(app.db);
      await sendDeadlineReminders(app.db);
      await sendDueBroadcasts(app.db);
    });
  },
  { name: 'training-reminder-sweep' },
);
