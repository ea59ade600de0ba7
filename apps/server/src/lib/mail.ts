import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on a broadcast (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise every mail goes to the log and to DATA_DIR/mail/*.eml,
 * so a newcomer without a mail server can still click the verification link. In production (MAIL_TRANSPORT=log,
 * ADR 0076) the log names only recipient and subject: a sign-in code or a link in a shipped log is a credential.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log?: FastifyBaseLogger;
  /** Production: no body in the log, and the files readable by their owner only. */
  production?: boolean;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, ...m });
      },
      close: () => transport.close(),
    };
  }
  const dir = join(opts.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const mode = opts.production ? 0o600 : 0o644;
  return {
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, ...m });
      mkdirSync(dir, { recursive: true });
      const base = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${m.to}`);
      // The .eml is the real message (for a mail client); its zh-TW body is encoded, so a .txt beside it
      // is what a newcomer opens to read the link or the code.
      writeFileSync(`${base}.eml`, info.message as Buffer, { mode });
      writeFileSync(`${base}.txt`, `To: ${m.to}\nSubject: ${m.subject}\n\n${m.text}\n`, { mode });
      if (opts.production)
        opts.log?.info(
          { to: m.to, subject: withoutSecrets(m.subject), file: `${base}.txt` },
          'mail not sent (MAIL_TRANSPORT=log)',
        );
      else
        opts.log?.info(
          { to: m.to, subject: m.subject, file: `${base}.txt` },
          `mail (not sent, no SMTP_URL):\n${m.text}`,
        );
    },
    close: () => transport.close(),
  };
}

/** A subject as a production log may show it: the sign-in code mail names its code there (spec 1), so every
 * run of four or more digits and every address is blanked. */
export function withoutSecrets(subject: string): string {
  return subject.replace(/\d{4,}/g, '…').replace(/\bhttps?:\/\/\S+/g, '…');
}
