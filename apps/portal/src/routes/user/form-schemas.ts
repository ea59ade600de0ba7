import {
  DESCRIPTION_MAX,
  messages,
  NAME_MAX,
  nicknameSchema,
  passwordSchema,
  profileMessages,
} from '@atrium/protocol';
import { z } from 'zod';
import { confirmMatches } from '../../components/form/confirm-matches.ts';

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
 * flaw a faithful build reproduces (as the sign-up form does, through the same confirmMatches).
 */
export const passwordForm = confirmMatches(
  z.object({
    old_password: z.string().min(1, messages.required),
    new_password: passwordSchema,
    confirm: z.string().min(1, messages.required),
  }),
  'new_password',
);
export type PasswordForm = z.infer<typeof passwordForm>;
