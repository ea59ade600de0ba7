import type { FastifyInstance } from 'fastify';
import type { MailMessage } from '../../lib/mail.ts';
import { backgroundWorkOf } from '../account/index.ts';
import type { InvitationDeps } from './invitation-deps.ts';

/** A routes plugin's InvitationDeps: mails go out after the answer, one at a time, finished before the app closes. */
export function invitationDepsOf(app: FastifyInstance): InvitationDeps {
  const { work } = backgroundWorkOf(app);
  return {
    db: app.db,
    publicUrl: app.config.publicUrl,
    sendLater: (mails: MailMessage[]) =>
      work.run(async () => {
        for (const mail of mails) {
          await app.mailer
            .send(mail)
            .catch((err) => app.log.error({ err, to: mail.to, subject: mail.subject }, 'mail failed'));
        }
      }),
  };
}
