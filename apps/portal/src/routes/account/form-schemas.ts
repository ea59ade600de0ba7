import { codeSchema, emailSchema, messages, nicknameSchema, passwordSchema } from '@atrium/protocol';
import { z } from 'zod';
import { confirmMatches } from '../../components/form/confirm-matches.ts';

/**
 * Form rules of the account screens, built from the shared field rules of spec 1 §5 (packages/protocol), so
 * the browser says exactly what the server would.
 */

// Forms with a confirmation go through confirmMatches, which keeps spec 1 §5's flaw: a mismatch shows the
// nickname message.
const passwordPair = {
  password: passwordSchema,
  confirm: z.string().min(1, messages.required),
};

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
