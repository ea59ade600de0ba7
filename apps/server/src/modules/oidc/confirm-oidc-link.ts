import { and, eq, gt } from 'drizzle-orm';
import { oidcFlows } from '../../db/schema.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findUserById } from '../account/account-user.ts';
import { completeSignIn, type SignInContext, type SignInResult } from '../account/complete-sign-in.ts';
import { verifyPassword } from '../account/password.ts';
import type { OidcDeps } from './oidc-deps.ts';
import { oidcErrors } from './oidc-errors.ts';
import { linkIdentity } from './oidc-identities.ts';

const MAX_ATTEMPTS = 5;

/**
 * The owner of an account proves the password to link the provider's account whose e-mail the provider
 * did not vouch for. Five wrong passwords end the pending link; success links and signs in.
 */
export async function confirmOidcLink(
  deps: OidcDeps,
  input: { browser?: string; password: string },
  ctx: SignInContext,
): Promise<SignInResult> {
  if (!input.browser) throw oidcErrors.pendingInvalid();
  const db = deps.account.db;
  const where = and(
    eq(oidcFlows.browserHash, sha256(input.browser)),
    eq(oidcFlows.stage, 'password'),
    gt(oidcFlows.expiresAt, new Date()),
  );
  const [flow] = await db.select().from(oidcFlows).where(where).limit(1);
  if (!flow?.userId || !flow.issuer || !flow.subject) throw oidcErrors.pendingInvalid();
  const user = await findUserById(db, flow.userId);
  if (!user) throw oidcErrors.pendingInvalid();
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    if (flow.attempts + 1 >= MAX_ATTEMPTS) await db.delete(oidcFlows).where(eq(oidcFlows.id, flow.id));
    else
      await db
        .update(oidcFlows)
        .set({ attempts: flow.attempts + 1 })
        .where(eq(oidcFlows.id, flow.id));
    throw oidcErrors.passwordWrong();
  }
  await db.delete(oidcFlows).where(eq(oidcFlows.id, flow.id));
  if (user.disabledAt) throw oidcErrors.accountDisabled();
  await linkIdentity(db, {
    userId: user.id,
    provider: flow.provider,
    issuer: flow.issuer,
    subject: flow.subject,
    email: flow.email ?? '',
  });
  return completeSignIn(deps.account, user, ctx, false);
}
