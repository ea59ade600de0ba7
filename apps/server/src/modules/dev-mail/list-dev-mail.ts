import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DevMail } from '@atrium/protocol/dev-mail';

/** The newest mails are what a newcomer looks for; older ones stay on disk under DATA_DIR/mail/. */
export const DEV_MAIL_LIMIT = 30;

/**
 * The mails the product wrote to DATA_DIR/mail/ (lib/mail.ts, no SMTP_URL), newest first: the `.txt`
 * beside each `.eml` holds the readable To, Subject and body.
 */
export async function listDevMail(dataDir: string): Promise<DevMail[]> {
  const dir = join(dataDir, 'mail');
  const names = await readdir(dir).catch(() => [] as string[]);
  // File names start with the ISO time of sending: sorting them sorts by time.
  const newest = names
    .filter((n) => n.endsWith('.txt'))
    .sort()
    .reverse()
    .slice(0, DEV_MAIL_LIMIT);
  return Promise.all(
    newest.map(async (name) => {
      const path = join(dir, name);
      const [raw, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
      const [head = '', ...body] = raw.split('\n\n');
      const header = (key: string) => new RegExp(`^${key}: (.*)$`, 'm').exec(head)?.[1] ?? '';
      return {
        id: name.replace(/\.txt$/, ''),
        to: header('To'),
        subject: header('Subject'),
        text: body.join('\n\n').trimEnd(),
        sent_at: info.mtime.toISOString(),
      };
    }),
  );
}
