import type { MailMessage } from '../../../lib/mail.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MailContent {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  code?: string;
  footer?: string;
  /**
   * A list mail's one-click unsubscribe (ADR 0063): `page` is the portal's confirm page linked in the footer,
   * `post` the address mail clients POST to (List-Unsubscribe + List-Unsubscribe-Post, RFC 8058).
   */
  unsubscribe?: { page: string; post: string };
}

const SIGNATURE = 'Atrium 學習社群';
const UNSUBSCRIBE = '不想再收到課程公告信？取消訂閱';

/** One plain-text and one simple HTML rendering of the same zh-TW mail. */
export function renderMail(c: MailContent): MailMessage {
  const text = [
    c.greeting,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.action ? [`${c.action.label}：`, c.action.url, ''] : []),
    ...(c.code ? [`驗證碼：${c.code}`, ''] : []),
    ...(c.footer ? [c.footer, ''] : []),
    ...(c.unsubscribe ? [`${UNSUBSCRIBE}：`, c.unsubscribe.page, ''] : []),
    SIGNATURE,
  ].join('\n');
  const html = [
    '<!doctype html><html lang="zh-Hant-TW"><body style="font-family:sans-serif;line-height:1.6">',
    `<p>${escapeHtml(c.greeting)}</p>`,
    ...c.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    c.action
      ? `<p><a href="${escapeHtml(c.action.url)}" style="display:inline-block;padding:8px 16px;background:#2563eb;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(c.action.label)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(c.action.url)}</p>`
      : '',
    c.code
      ? `<p>驗證碼：<strong style="font-size:20px;letter-spacing:4px">${escapeHtml(c.code)}</strong></p>`
      : '',
    c.footer ? `<p style="font-size:12px;color:#666">${escapeHtml(c.footer)}</p>` : '',
    c.unsubscribe
      ? `<p style="font-size:12px;color:#666"><a href="${escapeHtml(c.unsubscribe.page)}">${UNSUBSCRIBE}</a></p>`
      : '',
    `<p>${SIGNATURE}</p></body></html>`,
  ].join('');
  const headers = c.unsubscribe
    ? { 'List-Unsubscribe': `<${c.unsubscribe.post}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : undefined;
  return { to: c.to, subject: c.subject, text, html, ...(headers ? { headers } : {}) };
}

export const hello = (nickname: string) => (nickname ? `${nickname} 您好：` : '您好：');
