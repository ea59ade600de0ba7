import type { LoginBody } from '@atrium/protocol';
import type { AccountDeps } from './account-deps.ts';
import { accountErrors } from './account-errors.ts';
import { findUserByEmail } from './account-user.ts';
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
 * browser gets a login ticket (cookie) and a 6-digit code by mail, for learners and staff alike.
 */
export async function logIn(deps: AccountDeps, input: LoginBody, ctx: SignInContext): Promise<LogInOutcome> {
  const user = await findUserByEmail(deps.db, input.email);
  // Runs argon2 even for an unknown address, so the answer time does not tell who has an account.
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) throw accountErrors.invalidCredentials();
  if (user.disabledAt) throw accountErrors.accountDisabled();
  if (!user.emailVerifiedAt) {
    await sendVerification(deps, user);
    throw accountErrors.emailUnverified();
  }
  if (await isKnownDevice(deps.db, user.id, ctx.device)) {
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
