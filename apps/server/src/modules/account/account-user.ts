import type { AccountUser } from '@atrium/protocol';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { normalizeEmail } from './normalize-email.ts';

export type UserRow = typeof users.$inferSelect;

/** Matches no user: lookups for an unknown address still run, so they take the time a known one does. */
export const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

/** The public shape of a user on the wire; never the row (no hashes, no flags). */
export function toAccountUser(row: UserRow): AccountUser {
  return { id: row.id, email: row.email, nickname: row.nickname, avatar: row.avatar, role: row.role };
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
