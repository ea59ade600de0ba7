import { AppError } from '../../lib/errors.ts';

/** The account calls' failures (codes listed in @atrium/protocol accountErrorCodes), zh-TW messages. */
export const accountErrors = {
  // One answer for an unknown address and a wrong password, so sign-in never reveals who has an account.
  invalidCredentials: () => new AppError(400, 'invalid_credentials', '帳號或密碼錯誤'),
  // Only after the right password, so it reveals nothing to someone guessing.
  accountDisabled: () => new AppError(403, 'account_disabled', '帳號已停用，請聯絡客服'),
  emailUnverified: () =>
    new AppError(403, 'email_unverified', '此電子郵件尚未完成驗證，我們已重新寄出驗證信，請至信箱收信'),
  linkInvalid: () => new AppError(400, 'link_invalid', '連結無效或已使用過，請重新申請'),
  linkExpired: () => new AppError(400, 'link_expired', '連結已過期，請重新申請'),
  codeInvalid: () => new AppError(400, 'code_invalid', '驗證碼錯誤'),
  // The one answer of `{email, code}` registration entry, so it never tells a verified or unknown address
  // from a pending one (ADR 0013).
  codeRejected: () => new AppError(400, 'code_invalid', '驗證碼錯誤或已失效，請確認或重新取得驗證信'),
  codeExpired: () => new AppError(400, 'code_expired', '驗證碼已失效，請重新取得'),
  ticketMissing: () => new AppError(400, 'ticket_missing', '登入驗證已逾時，請重新登入'),
  passwordRequired: () => new AppError(400, 'password_required', '請設定新密碼'),
};
