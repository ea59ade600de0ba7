import type { GuardedAccountDeps } from './account-deps.ts';
import { findUserByEmail } from './account-user.ts';
import { issueVerificationToken } from './issue-verification-token.ts';
import { resetMail } from './mail/account-mails.ts';

/**
 * Mails a reset link (1 hour, single use) to a known address; unknown ones get the same answer. Throttled
 * per address; the lookup and the token are done after the answer, so known and unknown addresses take the
 * same time (ADR 0013).
 */
export async function requestPasswordReset(deps: GuardedAccountDeps, email: string): Promise<void> {
  await deps.throttle.take('reset-mail', { email });
  deps.later(async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user) return;
    const { token } = await issueVerificationToken(deps.db, { userId: user.id, purpose: 'reset' });
    deps.mail(
      resetMail({ to: user.email, nickname: user.nickname, publicUrl: deps.config.publicUrl, token }),
    );
  });
}
