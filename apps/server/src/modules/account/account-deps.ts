import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer, MailMessage } from '../../lib/mail.ts';
import type { AccountThrottle } from './account-throttle.ts';

/** What the account domain functions need; routes build it from the app. */
export interface AccountDeps {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  /** Sends in the background, so known and unknown addresses answer in the same time (ADR 0002). */
  mail: (message: MailMessage) => void;
}

/** What the public sign-in, code and mail calls need beyond AccountDeps (ADR 0013). */
export interface GuardedAccountDeps extends AccountDeps {
  throttle: AccountThrottle;
  /** Runs work after the answer, so its database time does not tell known addresses from unknown ones. */
  later: (task: () => Promise<void>) => void;
}

/** Background work that remembers what is in flight, so closing the app can wait for it. */
export function backgroundTasks(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    run(task: () => Promise<void>) {
      // setImmediate: the answer (settled in microtasks) is on its way before the work starts.
      const running = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err) => log.error({ err }, 'background account work failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async flush() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

/** A background mail sender that remembers what is in flight, so closing the app can wait for it. */
export function backgroundMailer(mailer: Mailer, log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    send(message: MailMessage) {
      const sending = mailer
        .send(message)
        .catch((err) => log.error({ err, to: message.to, subject: message.subject }, 'mail failed'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}

/**
 * A routes plugin's background mailer and work queue, finished before the app closes (the database and the
 * mailer close after) and when anything awaits `app.background.settle()`.
 */
export function backgroundWorkOf(app: FastifyInstance) {
  const mailer = backgroundMailer(app.mailer, app.log);
  const work = backgroundTasks(app.log);
  const flush = async () => {
    await work.flush();
    await mailer.flush();
  };
  app.addHook('preClose', flush);
  app.background.add(flush);
  return { mailer, work };
}
