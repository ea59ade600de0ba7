import type { Database } from '../../db/client.ts';
import { findSessionUser } from './find-session-user.ts';
import { revokeSession } from './revoke-sessions.ts';

/** Revokes the session behind a token, if it is live; signing out twice is not an error. */
export async function logOut(db: Database, token: string | undefined): Promise<void> {
  const user = token ? await findSessionUser(db, token) : null;
  if (user) await revokeSession(db, user.sessionId);
}
