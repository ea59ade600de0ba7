import type { MailMessage } from '../../lib/mail.ts';
import { hello, renderMail } from '../account/index.ts';

/** The mail copy of a broadcast: its title and text, its link, and a one-click unsubscribe (ADR 0063). */
export function broadcastMail(p: {
  to: string;
  nickname: string;
  title: string;
  body: string;
  link: string | null;
  publicUrl: string;
  unsubscribeToken: string;
}): MailMessage {
  const token = encodeURIComponent(p.unsubscribeToken);
  const url = p.link?.startsWith('/') ? `${p.publicUrl}${p.link}` : p.link;
  return renderMail({
    to: p.to,
    subject: `【Atrium】${p.title}`,
    greeting: hello(p.nickname),
    paragraphs: [p.title, ...p.body.split(/\n\s*\n/).filter((x) => x.trim())],
    ...(url ? { action: { label: '查看詳情', url } } : {}),
    footer: '您收到這封信，是因為您的課程公告通知設定為以電子郵件接收；也可以在個人資料頁變更。',
    unsubscribe: {
      page: `${p.publicUrl}/unsubscribe?token=${token}`,
      post: `${p.publicUrl}/v1/mail/unsubscribe?token=${token}`,
    },
  });
}
