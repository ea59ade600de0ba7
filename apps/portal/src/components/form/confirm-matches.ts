import { messages } from '@atrium/protocol';
import type { z } from 'zod';

// Spec 1 §5: the confirm-password error "wrongly repeats the nickname message" — a known flaw a faithful
// build reproduces on purpose. The check itself is right: a mismatch is still refused.
const CONFIRM_MISMATCH_MESSAGE = messages.nickname;

type PasswordPair<K extends string> = { [P in K]: string } & { confirm: string };

/** Refuses a `confirm` that differs from the password field `passwordKey` (`password` unless named). */
export function confirmMatches<
  S extends z.ZodType<PasswordPair<K>, PasswordPair<K>>,
  K extends string = 'password',
>(schema: S, passwordKey = 'password' as K): S {
  return schema.refine((value: PasswordPair<K>) => value[passwordKey] === value.confirm, {
    path: ['confirm'],
    message: CONFIRM_MISMATCH_MESSAGE,
    // Compare even while other fields are still invalid, so the mismatch shows as soon as it is typed.
    when: (payload) => {
      const value = payload.value as Partial<Record<string, unknown>> | undefined;
      return (
        typeof value?.[passwordKey] === 'string' && typeof value.confirm === 'string' && value.confirm !== ''
      );
    },
  });
}
