import { codeSchema, emailSchema, messages, nicknameSchema, passwordSchema } from '@atrium/protocol';
import { z } from 'zod';

/**
 * Form rules of the account screens, built from the shared field rules of spec 1 §5 (packages/protocol), so
 * the browser says exactly what the server would.
 */

// Spec 1 §5: the confirm-password error "wrongly repeats the nickname message" — a known flaw a faithful
// build reproduces on purpose. The check itself is right: a mismatch is still refused.
const CONFIRM_MISMATCH_MESSAGE = messages.nickname;

const passwordPair = {
  password: passwordSchema,
  confirm: z.string().min(1, messages.required),
};

type PasswordPair = { password: string; confirm: string };

function confirmMatches<S extends z.ZodType<PasswordPair, PasswordPair>>(schema: S): S {
  return schema.refine((value: PasswordPair) => value.password === value.confirm, {
    path: ['confirm'],
    message: CONFIRM_MISMATCH_MESSAGE,
    // Compare even while other fields are still invalid, so the mismatch shows as soon as it is typed.
    when: (payload) => {
      const value = payload.value as Partial<PasswordPair> | undefined;
      return typeof value?.password === 'string' && typeof value.confirm === 'string' && value.confirm !== '';
    },
  });
}

export const loginForm = z.object({ email: emailSchema, password: z.string().min(1, messages.required) });

export const registerForm = confirmMatches(
  z.object({ email: emailSchema, nickname: nicknameSchema, ...passwordPair }),
);

export const emailForm = z.object({ email: emailSchema });

export const codeOnlyForm = z.object({ code: codeSchema });

export const emailCodeForm = z.object({ email: emailSchema, code: codeSchema });

export const newPasswordForm = confirmMatches(z.object(passwordPair));

/** Claiming an account from before the portal: a new password, and a nickname if the user wants one. */
export const claimForm = confirmMatches(
  z.object({
    nickname: z
      .string()
      .trim()
      .refine((v) => v === '' || nicknameSchema.safeParse(v).success, messages.nickname),
    ...passwordPair,
  }),
);
