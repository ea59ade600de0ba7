import type { GuardedAccountDeps } from './account-deps.ts';
import { findUserByEmail } from './account-user.ts';
import { alreadyVerifiedMail } from './mail/account-mails.ts';
import { sendVerification } from './send-verification.ts';

/**
 * (Re)sends the verification or claim mail; unknown addresses get nothing and the same answer. Throttled
 * per address; the work is done after the answer, so its time does not tell who has an account (ADR 0013).
 */
export async function resendVerification(deps: GuardedAccountDeps, email: string): Promise<void> {
  await deps.throttle.take('verify-mail', { email });
  deps.later(async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user) return;
    if (user.emailVerifiedAt && user.passwordHash) {
      deps.mail(
        alreadyVerifiedMail({ to: user.email, nickname: user.nickname, publicUrl: deps.config.publicUrl }),
      );
      return;
    }
    await sendVerification(deps, user);
  });
}
