import type { AccountDeps } from './account-deps.ts';
import type { UserRow } from './account-user.ts';
import { issueVerificationToken } from './issue-verification-token.ts';
import { claimMail, verifyMail } from './mail/account-mails.ts';

/**
 * Mails the proof an unverified user needs next: a claim link for an account from before the portal
 * (no password yet), otherwise a registration link with a code. Older links of the kind stop working.
 */
export async function sendVerification(deps: AccountDeps, user: UserRow): Promise<void> {
  const base = { to: user.email, nickname: user.nickname, publicUrl: deps.config.publicUrl };
  if (!user.passwordHash) {
    const { token } = await issueVerificationToken(deps.db, { userId: user.id, purpose: 'claim' });
    deps.mail(claimMail({ ...base, token }));
    return;
  }
  const { token, code } = await issueVerificationToken(deps.db, {
    userId: user.id,
    purpose: 'verify',
    withCode: true,
  });
  deps.mail(verifyMail({ ...base, token, code: code! }));
}
