import { z } from 'zod';
import { messages, nicknameSchema, passwordSchema } from './validation.ts';

/**
 * The profile calls of spec 1 §7. The spec gives field names, not response shapes; these are ours.
 * Name and description limits are ours too (the spec names none).
 */

export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 500;

export const profileMessages = {
  name: `姓名不得超過 ${NAME_MAX} 個字`,
  description: `自我介紹不得超過 ${DESCRIPTION_MAX} 個字`,
  oldPasswordWrong: '舊密碼不正確',
  samePassword: '新密碼不得與舊密碼相同',
  avatarNotIssued: '圖片位址無效，請重新上傳',
  avatarMissing: '尚未上傳圖片，請重新上傳',
  avatarNotImage: '檔案不是有效的 png 或 jpeg 圖片',
  uploadUrlInvalid: '上傳位址無效或已過期，請重新上傳',
} as const;

/** GET /v1/user/profile. first_name and last_name are never null on the wire (null reads as ''). */
export const profileResponse = z.object({
  nickname: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  description: z.string(),
  avatar: z.string().nullable(),
  thirdparty: z.array(z.object({ platform: z.string(), email: z.string() })),
});
export type Profile = z.infer<typeof profileResponse>;

/** GET /v1/user/courses: registered video courses (filled by the course-platform issue). */
export const courseItem = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  image: z.string().nullable(),
});
export const coursesResponse = z.object({ courses: z.array(courseItem), total: z.number().int() });
export type CoursesResponse = z.infer<typeof coursesResponse>;

const nameSchema = z.string().trim().max(NAME_MAX, profileMessages.name);

/** PUT /v1/user/profile/nickname */
export const nicknameBody = z.object({ nickname: nicknameSchema });
/** POST /v1/user/profile/name */
export const nameBody = z.object({ first_name: nameSchema, last_name: nameSchema });
/** PUT /v1/user/profile/description */
export const descriptionBody = z.object({
  description: z.string().trim().max(DESCRIPTION_MAX, profileMessages.description),
});
/** PUT /v1/user/password: other sessions of the user are signed out, this one stays. */
export const passwordChangeBody = z.object({
  old_password: z.string().min(1, messages.required).max(128),
  new_password: passwordSchema,
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

/** GET /v1/user/upload/avatar/{type}: jpg files are requested as jpeg. */
export const avatarUploadType = z.enum(['png', 'jpeg']);
export type AvatarUploadType = z.infer<typeof avatarUploadType>;
/** `upload_url` takes a PUT of the raw bytes with the matching Content-Type; it expires in minutes. */
export const avatarUploadResponse = z.object({ upload_url: z.string(), image_url: z.string() });
export type AvatarUploadResponse = z.infer<typeof avatarUploadResponse>;
/** PUT /v1/user/profile/avatar: `avatar` must be an image_url issued to this user and uploaded. */
export const avatarBody = z.object({ avatar: z.string().min(1).max(2048) });
