import type { AccountDeps } from './account-deps.ts';
import { accountErrors } from './account-errors.ts';
import { findUserById } from './account-user.ts';
import { forgetDevices } from './known-devices.ts';
import { markEmailVerified } from './mark-email-verified.ts';
import { hashPassword } from './password.ts';
import { emitPasswordReplaced } from './password-replaced.ts';
import { revokeOtherSessions } from './revoke-sessions.ts';
import { findLinkToken, markTokenUsed, retireUserTokens } from './use-verification-token.ts';

/**
 * Completes a reset: sets the new password and signs every session out. Known browsers, pending mails,
 * linked third-party sign-ins and course-platform bindings are forgotten too, since a reset often follows
 * a stolen password.
 */
export async function resetPassword(
  deps: AccountDeps,
  token: string,
  password: string,
): Promise<{ email: string }> {
  const row = await findLinkToken(deps.db, token, ['reset']);
  const passwordHash = await hashPassword(password);
  if (!(await markTokenUsed(deps.db, row.id))) throw accountErrors.linkInvalid();
  const user = await findUserById(deps.db, row.userId);
  if (!user) throw accountErrors.linkInvalid();
  // The link proved the mailbox, so an unverified or unclaimed account is verified by it as well.
  await markEmailVerified(deps, user, 'reset', { passwordHash });
  await revokeOtherSessions(deps.db, user.id);
  await forgetDevices(deps.db, user.id);
  await retireUserTokens(deps.db, user.id);
  // Linked sign-ins and course-platform bindings go too (the reset mail says so): ADR 0043.
  await emitPasswordReplaced({ db: deps.db, userId: user.id, via: 'reset' });
  return { email: user.email };
}
