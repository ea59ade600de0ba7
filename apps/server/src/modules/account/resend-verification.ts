import type { AccountDeps } from './account-deps.ts';
import { findUserByEmail } from './account-user.ts';
import { alreadyVerifiedMail } from './mail/account-mails.ts';
import { sendVerification } from './send-verification.ts';

/** (Re)sends the verification or claim mail; unknown addresses get nothing and the same answer. */
export async function resendVerification(deps: AccountDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  if (user.emailVerifiedAt && user.passwordHash) {
    deps.mail(
      alreadyVerifiedMail({ to: user.email, nickname: user.nickname, publicUrl: deps.config.publicUrl }),
    );
    return;
  }
  await sendVerification(deps, user);
}
