import type { MailMessage } from '../../lib/mail.ts';
import { hello, renderMail } from '../account/index.ts';

const day = new Intl.DateTimeFormat('zh-TW', { timeZone: 'Asia/Taipei', dateStyle: 'long' });

/** To an address with no account: sign up with this address through the link, and the class is joined. */
export function invitationMail(p: {
  to: string;
  className: string;
  publicUrl: string;
  token: string;
  expiresAt: Date;
}): MailMessage {
  return renderMail({
    to: p.to,
    subject: `【Atrium】邀請您加入課程「${p.className}」`,
    greeting: hello(''),
    paragraphs: [
      `您受邀加入 Atrium 學習社群的課程「${p.className}」。`,
      `請點選下方連結，以此電子郵件（${p.to}）註冊並完成電子郵件驗證，驗證後就會自動加入課程。`,
      `邀請有效至 ${day.format(p.expiresAt)}。`,
    ],
    action: {
      label: '註冊並加入課程',
      url: `${p.publicUrl}/register?invitation=${encodeURIComponent(p.token)}`,
    },
    footer: '如果您不認識寄件者，請忽略此信；不註冊就不會建立任何帳號。',
  });
}

/** To a learner staff added to a class (or who joined one through an invitation). */
export function enrolmentMail(p: {
  to: string;
  nickname: string;
  className: string;
  classId: string;
  publicUrl: string;
}): MailMessage {
  return renderMail({
    to: p.to,
    subject: `【Atrium】您已加入課程「${p.className}」`,
    greeting: hello(p.nickname),
    paragraphs: [`您已加入 Atrium 的課程「${p.className}」，登入後即可在「我的課程」看到它。`],
    action: { label: '前往課程', url: `${p.publicUrl}/training/${p.classId}` },
  });
}
