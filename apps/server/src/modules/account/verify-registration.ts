import type { RegisterVerifyBody } from '@atrium/protocol';
import type { GuardedAccountDeps } from './account-deps.ts';
import { accountErrors } from './account-errors.ts';
import { findUserByEmail, findUserById, NO_USER_ID } from './account-user.ts';
import { completeSignIn, type SignInContext, type SignInResult } from './complete-sign-in.ts';
import { markEmailVerified } from './mark-email-verified.ts';
import { hashPassword } from './password.ts';
import { findLinkToken, findUserCodeToken, isLiveCode, markTokenUsed } from './use-verification-token.ts';

/**
 * Completes a registration (link token, or e-mail and code) or a claim of a pre-portal account (claim
 * token and a new password), then signs the browser in and remembers it: it has just proved the mailbox.
 * `{email, code}` answers one way for every failure and never kills the owner's code: wrong codes only
 * slow down whoever types them (ADR 0013).
 */
export async function verifyRegistration(
  deps: GuardedAccountDeps,
  body: RegisterVerifyBody,
  ctx: SignInContext,
): Promise<SignInResult> {
  if ('token' in body) {
    const row = await findLinkToken(deps.db, body.token, ['verify', 'claim']);
    if (row.purpose === 'claim' && !body.password) throw accountErrors.passwordRequired();
    // Hash before using the token up, so a slow hash cannot leave a used token and no password.
    const passwordHash = row.purpose === 'claim' ? await hashPassword(body.password!) : undefined;
    if (!(await markTokenUsed(deps.db, row.id))) throw accountErrors.linkInvalid();
    const user = await findUserById(deps.db, row.userId);
    if (!user) throw accountErrors.linkInvalid();
    const verified =
      row.purpose === 'claim'
        ? await markEmailVerified(deps, user, 'claim', { passwordHash, nickname: body.nickname })
        : await markEmailVerified(deps, user, 'register');
    return completeSignIn(deps, verified, ctx, true);
  }
  const subject = { email: body.email, ip: ctx.ip };
  await deps.throttle.check('register-code', subject);
  const user = await findUserByEmail(deps.db, body.email);
  const row = await findUserCodeToken(deps.db, user?.id ?? NO_USER_ID, 'verify');
  const accepted =
    !!user?.passwordHash && !!row && isLiveCode(row, body.code) && (await markTokenUsed(deps.db, row.id));
  if (!user || !accepted) {
    await deps.throttle.count('register-code', subject);
    throw accountErrors.codeRejected();
  }
  const verified = await markEmailVerified(deps, user, 'register');
  return completeSignIn(deps, verified, ctx, true);
}
