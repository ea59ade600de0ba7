import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from './db/client.ts';
import { every } from './lib/every.ts';

/** Every five minutes is well inside every look-ahead (an hour, a day). */
const SWEEP_MS = 5 * 60_000;

/** One module's due work: sends what has come due by now and answers how many it sent. */
export type DueWork = (db: Database) => Promise<number>;

/**
 * The one timer of the modules' due work (「課程即將開始」, 「任務即將截止」, scheduled broadcasts): each module
 * exports its sender and app.ts lists them, so no module calls another's. Several processes may sweep at
 * once: each sender claims what it sends. Off in tests, which call the senders directly.
 */
export const reminderSweep = fp(
  async (app: FastifyInstance, opts: { work: DueWork[] }) => {
    // Only web processes sweep (ingest-only or assist-only processes have no business with classes).
    if (app.config.env === 'test' || !app.config.services.includes('web')) return;
    every(app, 'reminder sweep', SWEEP_MS, async () => {
      for (const send of opts.work) await send(app.db);
    });
  },
  { name: 'reminder-sweep' },
);
