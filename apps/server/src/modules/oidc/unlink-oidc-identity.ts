import { findUserById } from '../account/index.ts';
import { mailUnlinked } from './notify-sign-in-methods.ts';
import type { OidcDeps } from './oidc-deps.ts';
import { oidcErrors } from './oidc-errors.ts';
import { countOidcIdentities, unlinkIdentity } from './oidc-identities.ts';

/**
 * Unlinks a provider from the profile, unless it is the only way left to sign in (no password set); the
 * owner is mailed (ADR 0043).
 */
export async function unlinkOidcIdentity(deps: OidcDeps, userId: string, provider: string): Promise<void> {
  const db = deps.account.db;
  const user = await findUserById(db, userId);
  if (!user) throw oidcErrors.notLinked();
  if (!user.passwordHash && (await countOidcIdentities(db, userId)) <= 1) throw oidcErrors.lastSignIn();
  if (!(await unlinkIdentity(db, userId, provider))) throw oidcErrors.notLinked();
  mailUnlinked(deps, user, provider);
}
