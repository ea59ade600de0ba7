import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * Ids of existing users: those of `ids` that exist, or everyone when `ids` is omitted.
 * Lets other modules (notifications) address users without reading the users table themselves.
 */
export async function findUserIds(db: Database, ids?: string[]): Promise<string[]> {
  const query = db.select({ id: users.id }).from(users);
  const rows = ids ? await query.where(inArray(users.id, ids)) : await query;
  return rows.map((r) => r.id);
}
