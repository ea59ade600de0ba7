import type { AccountUser } from '@atrium/protocol';
import type { Database } from '../../db/client.ts';
import { unauthorized } from '../../lib/errors.ts';
import { findUserById, toAccountUser } from './account-user.ts';

/** The session check of the portal: who is signed in. */
export async function getEntry(db: Database, userId: string): Promise<{ user: AccountUser }> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  return { user: toAccountUser(user) };
}
