import type { LoginBody } from '@atrium/protocol';
import type { GuardedAccountDeps } from './account-deps.ts';
import { accountErrors } from './account-errors.ts';
import { findUserByEmail, NO_USER_ID } from './account-user.ts';
import { completeSignIn, type SignInContext, type SignInResult } from './complete-sign-in.ts';
import { issueVerificationToken } from './issue-verification-token.ts';
import { isKnownDevice } from './known-devices.ts';
import { loginCodeMail } from './mail/account-mails.ts';
import { verifyPassword } from './password.ts';
import { sendVerification } from './send-verification.ts';

export type LogInOutcome =
  | ({ status: 'signed_in' } & SignInResult)
  | { status: 'verify_required'; email: string; ticket: string; ticketExpiresAt: Date };

/**
 * Sign-in with e-mail and password. A browser this user already verified is signed in at once; any other
 * browser gets a login ticket (cookie) and a 6-digit code by mail, for learners and staff alike. Wrong
 * passwords are throttled per address (ADR 0013), before the password is even checked.
 */
export async function logIn(
  deps: GuardedAccountDeps,
  input: LoginBody,
  ctx: SignInContext,
): Promise<LogInOutcome> {
  const user = await findUserByEmail(deps.db, input.email);
  // A browser the account trusts is counted on its own, so strangers' guesses never delay its owner.
  const known = await isKnownDevice(deps.db, user?.id ?? NO_USER_ID, ctx.device);
  const subject = { email: input.email, ip: ctx.ip, knownDevice: known ? ctx.device : undefined };
  await deps.throttle.check('sign-in', subject);
  // Runs argon2 even for an unknown address, so the answer time does not tell who has an account.
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) {
    await deps.throttle.count('sign-in', subject);
    throw accountErrors.invalidCredentials();
  }
  if (user.disabledAt) throw accountErrors.accountDisabled();
  if (!user.emailVerifiedAt) {
    await sendVerification(deps, user);
    throw accountErrors.emailUnverified();
  }
  if (known) {
    return { status: 'signed_in', ...(await completeSignIn(deps, user, ctx, false)) };
  }
  const issued = await issueVerificationToken(deps.db, { userId: user.id, purpose: 'login', withCode: true });
  deps.mail(loginCodeMail({ to: user.email, nickname: user.nickname, code: issued.code! }));
  return {
    status: 'verify_required',
    email: user.email,
    ticket: issued.token,
    ticketExpiresAt: issued.expiresAt,
  };
}
