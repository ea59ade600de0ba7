import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * The name printed on a certificate: last + first name, else the nickname, else the e-mail's local part.
 * Reads the account's users table directly because account exports no profile lookup yet (lead: move).
 */
export async function learnerName(db: Database, userId: string): Promise<string> {
  const [u] = await db
    .select({ email: users.email, nickname: users.nickname, first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!u) return '';
  const full = `${u.last ?? ''}${u.first ?? ''}`.trim();
  return full || u.nickname || u.email.split('@')[0] || '';
}
