import type { GuardedAccountDeps } from './account-deps.ts';
import { accountErrors } from './account-errors.ts';
import { findUserById } from './account-user.ts';
import { completeSignIn, type SignInContext, type SignInResult } from './complete-sign-in.ts';
import { findLoginTicket, useTokenCode } from './use-verification-token.ts';

/**
 * Second step of a sign-in from a new browser: the ticket cookie plus the mailed code. Wrong codes are
 * throttled per account (ADR 0013), across the fresh tickets a password holder can keep asking for.
 */
export async function verifyLogin(
  deps: GuardedAccountDeps,
  ticket: string | undefined,
  code: string,
  ctx: SignInContext,
): Promise<SignInResult> {
  if (!ticket || ticket.length > 200) throw accountErrors.ticketMissing();
  const row = await findLoginTicket(deps.db, ticket);
  if (!row) throw accountErrors.ticketMissing();
  const user = await findUserById(deps.db, row.userId);
  if (!user) throw accountErrors.ticketMissing();
  const subject = { email: user.email, ip: ctx.ip };
  await deps.throttle.check('login-code', subject);
  try {
    await useTokenCode(deps.db, row, code);
  } catch (err) {
    await deps.throttle.count('login-code', subject);
    throw err;
  }
  return completeSignIn(deps, user, ctx, true);
}
