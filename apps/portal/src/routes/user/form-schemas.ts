import {
  DESCRIPTION_MAX,
  messages,
  NAME_MAX,
  nicknameSchema,
  passwordSchema,
  profileMessages,
} from '@atrium/protocol';
import { z } from 'zod';

/** The profile form: the same field rules the server applies (packages/protocol). */
export const profileForm = z.object({
  nickname: nicknameSchema,
  first_name: z.string().trim().max(NAME_MAX, profileMessages.name),
  last_name: z.string().trim().max(NAME_MAX, profileMessages.name),
  description: z.string().trim().max(DESCRIPTION_MAX, profileMessages.description),
});
export type ProfileForm = z.infer<typeof profileForm>;

/**
 * /user/password. Spec 1 §5: the confirm-password error wrongly repeats the nickname message — a known
 * flaw a faithful build reproduces (as the sign-up form does). A mismatch is still refused.
 */
export const passwordForm = z
  .object({
    old_password: z.string().min(1, messages.required),
    new_password: passwordSchema,
    confirm: z.string().min(1, messages.required),
  })
  .refine((v) => v.new_password === v.confirm, {
    path: ['confirm'],
    message: messages.nickname,
    // Compare as soon as both are typed, even while the old password is still empty.
    when: (payload) => {
      const v = payload.value as { new_password?: unknown; confirm?: unknown } | undefined;
      return typeof v?.new_password === 'string' && typeof v.confirm === 'string' && v.confirm !== '';
    },
  });
export type PasswordForm = z.infer<typeof passwordForm>;
