import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { AccountDeps } from './account-deps.ts';
import type { UserRow } from './account-user.ts';
import { type EmailVerifiedEvent, emitEmailVerified } from './email-verified.ts';

/**
 * Stores what a mailed proof allows (the address is verified, maybe a new password or nickname) and,
 * the first time an address is verified, tells the onEmailVerified listeners.
 */
export async function markEmailVerified(
  deps: AccountDeps,
  user: UserRow,
  via: EmailVerifiedEvent['via'],
  patch: { passwordHash?: string; nickname?: string } = {},
): Promise<UserRow> {
  const now = new Date();
  const [updated] = await deps.db
    .update(users)
    .set({ ...patch, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning();
  if (!user.emailVerifiedAt) {
    await emitEmailVerified(
      { db: deps.db, userId: user.id, email: user.email, nickname: updated!.nickname, via },
      deps.log,
    );
  }
  return updated!;
}
