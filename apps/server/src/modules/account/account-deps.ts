import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer, MailMessage } from '../../lib/mail.ts';

/** What the account domain functions need; routes build it from the app. */
export interface AccountDeps {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  /** Sends in the background, so known and unknown addresses answer in the same time (ADR 0002). */
  mail: (message: MailMessage) => void;
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
