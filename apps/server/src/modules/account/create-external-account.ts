import { users } from '../../db/schema.ts';
import type { AccountDeps } from './account-deps.ts';
import type { UserRow } from './account-user.ts';
import { emitEmailVerified } from './email-verified.ts';

/**
 * Creates an account for someone a trusted provider vouched for (a verified e-mail from an OpenID Connect
 * provider, ADR 0036): verified at once, no password until they set one through a reset. Returns undefined
 * when the address was taken in the meantime.
 */
export async function createExternalAccount(
  deps: AccountDeps,
  input: { email: string; nickname: string },
): Promise<UserRow | undefined> {
  const [row] = await deps.db
    .insert(users)
    .values({
      email: input.email.trim().toLowerCase(),
      nickname: input.nickname,
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (row) {
    await emitEmailVerified(
      { db: deps.db, userId: row.id, email: row.email, nickname: row.nickname, via: 'register' },
      deps.log,
    );
  }
  return row;
}
