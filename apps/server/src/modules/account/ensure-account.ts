import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from './password.ts';
import type { Role } from './roles.ts';

/**
 * Creates a verified account unless the address already has one (seeds and operator scripts).
 * Returns whether it was created; an existing account is left exactly as it is.
 */
export async function ensureAccount(
  db: Database,
  input: { email: string; password: string; nickname: string; role: Role },
): Promise<boolean> {
  const created = await db
    .insert(users)
    .values({
      email: input.email.trim().toLowerCase(),
      passwordHash: await hashPassword(input.password),
      nickname: input.nickname,
      role: input.role,
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created.length > 0;
}

/** True when nobody has an account yet (a fresh install). */
export async function hasNoUsers(db: Database): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(users).limit(1);
  return rows.length === 0;
}
