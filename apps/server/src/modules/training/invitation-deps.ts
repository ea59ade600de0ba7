import type { Database } from '../../db/client.ts';
import type { MailMessage } from '../../lib/mail.ts';

/** What inviting needs: the database, where links point, and a sender that mails one at a time after the answer. */
export interface InvitationDeps {
  db: Database;
  publicUrl: string;
  /** Sends the mails in the background, one after the other (a 2000-row import is 2000 mails, not 2000 sockets). */
  sendLater: (mails: MailMessage[]) => void;
}
