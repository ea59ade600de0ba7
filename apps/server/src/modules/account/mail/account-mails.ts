import type { MailMessage } from '../../../lib/mail.ts';
import { hello, renderMail } from './layout.ts';

const IGNORE = '如果這不是您本人的操作，請忽略此信，您的帳號不會有任何變更。';
const link = (publicUrl: string, path: string, token: string) =>
  `${publicUrl}${path}?token=${encodeURIComponent(token)}`;

/** What a mail with a one-time link needs: whom to greet, and the token for the link on `publicUrl`. */
interface LinkMailInput {
  to: string;
  nickname: string;
  publicUrl: string;
  token: string;
}

/** Registration verification: the link, and the code for typing on /register/verify instead. */
export function verifyMail(p: LinkMailInput & { code: string }) {
  return renderMail({
    to: p.to,
    subject: '【Atrium】請驗證您的電子郵件',
    greeting: hello(p.nickname),
    paragraphs: [
      '感謝您註冊 Atrium。請點選下方連結完成電子郵件驗證，連結 24 小時內有效。',
      '您也可以在驗證頁面輸入以下 6 位數驗證碼。',
    ],
    action: { label: '驗證電子郵件', url: link(p.publicUrl, '/register/verify', p.token) },
    code: p.code,
    footer: IGNORE,
  });
}

/** Claiming an account from before the portal: set a password through /register/old-verify. */
export function claimMail(p: LinkMailInput): MailMessage {
  return renderMail({
    to: p.to,
    subject: '【Atrium】啟用您的既有帳號',
    greeting: hello(p.nickname),
    paragraphs: [
      '我們已將您原有的學習帳號移轉至新的 Atrium 平台。請點選下方連結驗證電子郵件並設定新密碼，連結 24 小時內有效。',
    ],
    action: { label: '啟用帳號並設定密碼', url: link(p.publicUrl, '/register/old-verify', p.token) },
    footer: IGNORE,
  });
}

export function resetMail(p: LinkMailInput): MailMessage {
  return renderMail({
    to: p.to,
    subject: '【Atrium】重設密碼',
    greeting: hello(p.nickname),
    paragraphs: [
      '我們收到重設您密碼的申請。請點選下方連結設定新密碼，連結 1 小時內有效，且只能使用一次。',
      '重設完成後，所有裝置都會被登出，已連結的第三方登入與課程平台綁定也會一併解除，需要時請重新連結。',
    ],
    action: { label: '重設密碼', url: link(p.publicUrl, '/password/reset', p.token) },
    footer: IGNORE,
  });
}

export function loginCodeMail(p: { to: string; nickname: string; code: string }): MailMessage {
  return renderMail({
    to: p.to,
    subject: `【Atrium】登入驗證碼 ${p.code}`,
    greeting: hello(p.nickname),
    paragraphs: ['有人正從新的瀏覽器登入您的帳號。請在登入驗證頁面輸入以下驗證碼，驗證碼 10 分鐘內有效。'],
    code: p.code,
    footer: '如果這不是您本人，請立即重設密碼。',
  });
}

/** To the owner of a taken address, instead of revealing to the registrant that it is taken. */
export function registerAttemptMail(p: { to: string; nickname: string; publicUrl: string }): MailMessage {
  return renderMail({
    to: p.to,
    subject: '【Atrium】有人嘗試以您的電子郵件註冊',
    greeting: hello(p.nickname),
    paragraphs: [
      '有人剛剛嘗試以此電子郵件註冊 Atrium，但這個電子郵件已經有帳號了。',
      '如果是您本人且忘記密碼，請使用重設密碼功能。',
    ],
    action: { label: '重設密碼', url: `${p.publicUrl}/password/reset` },
    footer: IGNORE,
  });
}

/** A resend asked for an address that is already verified: point to sign-in and reset. */
export function alreadyVerifiedMail(p: { to: string; nickname: string; publicUrl: string }): MailMessage {
  return renderMail({
    to: p.to,
    subject: '【Atrium】您的電子郵件已完成驗證',
    greeting: hello(p.nickname),
    paragraphs: ['您的電子郵件先前已完成驗證，可以直接登入。如果忘記密碼，請使用重設密碼功能。'],
    action: { label: '前往登入', url: `${p.publicUrl}/login` },
    footer: IGNORE,
  });
}
