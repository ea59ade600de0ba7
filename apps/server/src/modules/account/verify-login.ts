import type { AccountDeps } from './account-deps.ts';
import { accountErrors } from './account-errors.ts';
import { findUserById } from './account-user.ts';
import { completeSignIn, type SignInContext, type SignInResult } from './complete-sign-in.ts';
import { findLoginTicket, useTokenCode } from './use-verification-token.ts';

/** Second step of a sign-in from a new browser: the ticket cookie plus the mailed code. */
export async function verifyLogin(
  deps: AccountDeps,
  ticket: string | undefined,
  code: string,
  ctx: SignInContext,
): Promise<SignInResult> {
  if (!ticket || ticket.length > 200) throw accountErrors.ticketMissing();
  const row = await findLoginTicket(deps.db, ticket);
  if (!row) throw accountErrors.ticketMissing();
  await useTokenCode(deps.db, row, code);
  const user = await findUserById(deps.db, row.userId);
  if (!user) throw accountErrors.ticketMissing();
  return completeSignIn(deps, user, ctx, true);
}
