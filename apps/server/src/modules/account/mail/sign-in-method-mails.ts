import type { MailMessage } from '../../../lib/mail.ts';
import { hello, renderMail } from './layout.ts';

// Every one of these tells the owner of a change made to the ways into the account (ADR 0043).
const NOT_YOU =
  '如果這不是您本人的操作，請立即重設密碼：重設後所有裝置都會被登出，已連結的第三方登入與課程平台綁定也會一併解除。';

interface OwnerMailInput {
  to: string;
  nickname: string;
  publicUrl: string;
  /** The provider's or course platform's display name. */
  method: string;
}

const resetAction = (publicUrl: string) => ({ label: '重設密碼', url: `${publicUrl}/password/reset` });

/** The code that completes linking a third-party sign-in whose e-mail the provider did not verify. */
export function linkCodeMail(p: { to: string; nickname: string; method: string; code: string }): MailMessage {
  return renderMail({
    to: p.to,
    subject: `【Atrium】連結 ${p.method} 登入的驗證碼 ${p.code}`,
    greeting: hello(p.nickname),
    paragraphs: [
      `有人輸入了您的密碼，要把 ${p.method} 帳號連結到您的 Atrium 帳號並登入。請在登入頁面輸入以下驗證碼完成連結，驗證碼 10 分鐘內有效。`,
    ],
    code: p.code,
    footer: '如果這不是您本人，請勿把驗證碼告訴任何人，並立即重設密碼。',
  });
}

export function methodLinkedMail(p: OwnerMailInput): MailMessage {
  return renderMail({
    to: p.to,
    subject: `【Atrium】您的帳號已連結 ${p.method}`,
    greeting: hello(p.nickname),
    paragraphs: [`您的 Atrium 帳號剛剛連結了 ${p.method}，之後可以用它登入。`],
    action: resetAction(p.publicUrl),
    footer: NOT_YOU,
  });
}

export function methodUnlinkedMail(p: OwnerMailInput): MailMessage {
  return renderMail({
    to: p.to,
    subject: `【Atrium】您的帳號已解除連結 ${p.method}`,
    greeting: hello(p.nickname),
    paragraphs: [`您的 Atrium 帳號剛剛解除了與 ${p.method} 的連結，之後無法再用它登入。`],
    action: resetAction(p.publicUrl),
    footer: NOT_YOU,
  });
}

/** The first sign-in through a provider or course platform from a browser the account has not seen. */
export function externalSignInMail(p: OwnerMailInput): MailMessage {
  return renderMail({
    to: p.to,
    subject: `【Atrium】有人以 ${p.method} 從新的瀏覽器登入您的帳號`,
    greeting: hello(p.nickname),
    paragraphs: [`您的 Atrium 帳號剛剛透過 ${p.method} 從一個新的瀏覽器登入。`],
    action: resetAction(p.publicUrl),
    footer: NOT_YOU,
  });
}

/** After a password change: the other devices are signed out and the linked sign-ins are gone. */
export function passwordChangedMail(p: { to: string; nickname: string; publicUrl: string }): MailMessage {
  return renderMail({
    to: p.to,
    subject: '【Atrium】您的密碼已變更',
    greeting: hello(p.nickname),
    paragraphs: [
      '您的 Atrium 密碼剛剛變更了。其他裝置都已登出，已連結的第三方登入與課程平台綁定也已解除，需要時請重新連結。',
    ],
    action: resetAction(p.publicUrl),
    footer: '如果這不是您本人的操作，請立即重設密碼。',
  });
}
