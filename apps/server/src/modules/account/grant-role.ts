import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { randomToken } from '../../lib/tokens.ts';
import { hashPassword } from './password.ts';
import type { Role } from './roles.ts';

export interface GrantedRole {
  email: string;
  /** Set only when the account was created: a one-time password for the operator to hand over. */
  password: string | null;
}

/**
 * Gives an address a role (the operator's `npm run admin -- add …`). An existing account keeps its
 * password and sessions and only changes role; an unknown address gets a verified account with a random
 * password, shown once, which its owner changes after signing in.
 */
export async function grantRole(db: Database, rawEmail: string, role: Role): Promise<GrantedRole> {
  const email = rawEmail.trim().toLowerCase();
  const updated = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (updated.length > 0) return { email, password: null };
  // 18 random bytes: 24 base64url characters, well past any guessing within the sign-in rate limit.
  const password = randomToken(18);
  await db.insert(users).values({
    email,
    passwordHash: await hashPassword(password),
    nickname: email.split('@')[0] ?? email,
    role,
    emailVerifiedAt: new Date(),
  });
  return { email, password };
}
