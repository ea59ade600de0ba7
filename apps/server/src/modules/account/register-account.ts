import type { RegisterBody } from '@atrium/protocol';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { AccountDeps } from './account-deps.ts';
import { findUserByEmail } from './account-user.ts';
import { registerAttemptMail } from './mail/account-mails.ts';
import { hashPassword } from './password.ts';
import { sendVerification } from './send-verification.ts';

/**
 * Sign-up. The caller always hears the same thing; what happens depends on the address (ADR 0002):
 * new → account + verification mail; registered but unverified → the newest password and nickname win and
 * a new verification mail goes out (only the mailbox owner can finish); from before the portal → claim
 * mail; verified → the owner is told someone tried, and pointed to reset.
 */
export async function registerAccount(deps: AccountDeps, input: RegisterBody): Promise<void> {
  // Hash first on every path, so the answer takes the same time whether or not the address is taken.
  const passwordHash = await hashPassword(input.password);
  let user = await findUserByEmail(deps.db, input.email);
  if (!user) {
    const [created] = await deps.db
      .insert(users)
      .values({ email: input.email, passwordHash, nickname: input.nickname })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (created) return sendVerification(deps, created);
    user = await findUserByEmail(deps.db, input.email);
    if (!user) return;
  }
  if (!user.passwordHash) return sendVerification(deps, user);
  if (!user.emailVerifiedAt) {
    const [updated] = await deps.db
      .update(users)
      .set({ passwordHash, nickname: input.nickname, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return sendVerification(deps, updated!);
  }
  deps.mail(
    registerAttemptMail({ to: user.email, nickname: user.nickname, publicUrl: deps.config.publicUrl }),
  );
}
