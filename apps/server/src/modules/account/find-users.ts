import { eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { escapeLike } from '../../lib/escape-like.ts';

export interface UserLabel {
  id: string;
  email: string;
  nickname: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Accounts a staff search names: by id (exact), e-mail or nickname (contains, any case). At most `limit`,
 * so a one-letter search stays a bounded query for the modules that filter by the ids.
 */
export async function findUsersByText(db: Database, text: string, limit = 500): Promise<UserLabel[]> {
  const needle = text.trim();
  if (!needle) return [];
  const pattern = `%${escapeLike(needle.toLowerCase())}%`;
  const clauses: SQL[] = [ilike(users.email, pattern), ilike(users.nickname, pattern)];
  if (UUID.test(needle)) clauses.push(eq(users.id, needle.toLowerCase()));
  return db
    .select({ id: users.id, email: users.email, nickname: users.nickname })
    .from(users)
    .where(or(...clauses))
    .limit(limit);
}

/** E-mail and nickname of the given user ids (unknown ids are left out), for lists that show who. */
export async function labelUsers(db: Database, ids: readonly string[]): Promise<Map<string, UserLabel>> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The ids of the accounts with these e-mail addresses (already normalised), for lists built from addresses. */
export async function idsByEmail(db: Database, emails: readonly string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...new Set(emails)]));
  return new Map(rows.map((r) => [r.email, r.id]));
}

/** The id and role of the accounts with these e-mail addresses (already normalised): who may be enrolled. */
export async function accountsByEmail(
  db: Database,
  emails: readonly string[],
): Promise<Map<string, { id: string; role: string }>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.email, [...new Set(emails)]));
  return new Map(rows.map((r) => [r.email, { id: r.id, role: r.role }]));
}
