import type { ReceivedMail } from '@atrium/server/test/smtp-sink';

/** The first link in a mail whose path is `path` (e.g. /register/verify). */
export function linkIn(mail: ReceivedMail, path: string): string {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === path) return match[0];
  }
  throw new Error(`no ${path} link in mail "${mail.subject}":\n${mail.text}`);
}

/** The 6-digit code of a mail. */
export function codeIn(mail: ReceivedMail): string {
  const match = /驗證碼[:：]\s*(\d{6})/.exec(mail.text) ?? /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no 6-digit code in mail "${mail.subject}":\n${mail.text}`);
  return match[1];
}
