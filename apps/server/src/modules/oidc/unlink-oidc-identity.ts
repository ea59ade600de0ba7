import type { Database } from '../../db/client.ts';
import { findUserById } from '../account/account-user.ts';
import { oidcErrors } from './oidc-errors.ts';
import { countOidcIdentities, unlinkIdentity } from './oidc-identities.ts';

/** Unlinks a provider from the profile, unless it is the only way left to sign in (no password set). */
export async function unlinkOidcIdentity(db: Database, userId: string, provider: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user?.passwordHash && (await countOidcIdentities(db, userId)) <= 1) throw oidcErrors.lastSignIn();
  if (!(await unlinkIdentity(db, userId, provider))) throw oidcErrors.notLinked();
}
