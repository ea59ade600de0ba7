import { z } from 'zod';

/**
 * Field rules of spec 1 §5, shared by the portal (validation on input) and the server (which never
 * trusts the browser). The spec names the rules but quotes no wording except the avatar's; these zh-TW
 * messages are ours (ADR 0002).
 */
export const messages = {
  nickname: '暱稱只能包含英文字母、中文、連字號、底線與空白，且不得超過 20 個字',
  password: '密碼需為 8 到 16 個字元，且包含大寫字母、小寫字母與數字',
  email: '請輸入有效的電子郵件',
  required: '此欄位為必填',
  code: '請輸入 6 位數驗證碼',
  avatarSize: '檔案大小不得超過 2 MB',
  avatarType: '只接受 png、jpg 或 jpeg 圖片',
} as const;

export const NICKNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
export const AVATAR_MAX_BYTES = 2_097_152;
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;

// Letters of either case, CJK ideographs, hyphen, underscore and space; nothing else.
const NICKNAME = /^[A-Za-z\p{Script=Han}\-_ ]+$/u;

export const nicknameSchema = z
  .string()
  .trim()
  .min(1, messages.required)
  .max(NICKNAME_MAX, messages.nickname)
  .regex(NICKNAME, messages.nickname);

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, messages.password)
  .max(PASSWORD_MAX, messages.password)
  .regex(/[A-Z]/, messages.password)
  .regex(/[a-z]/, messages.password)
  .regex(/[0-9]/, messages.password);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, messages.email)
  .pipe(z.email(messages.email));

export const codeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, messages.code);
