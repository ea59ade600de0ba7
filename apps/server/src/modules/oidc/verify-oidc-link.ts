import { and, eq, gt } from 'drizzle-orm';
import { oidcFlows } from '../../db/schema.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { GuardedAccountDeps } from '../account/index.ts';
import {
  completeSignIn,
  findUserById,
  findUserCodeToken,
  isStaff,
  type SignInContext,
  type SignInResult,
  useTokenCode,
} from '../account/index.ts';
import { mailLinked } from './notify-sign-in-methods.ts';
import type { OidcDeps } from './oidc-deps.ts';
import { oidcErrors } from './oidc-errors.ts';
import { linkIdentity } from './oidc-identities.ts';

/**
 * The last step of linking a provider whose e-mail it did not vouch for: the code mailed to the owner after
 * the right password (`confirmOidcLink`). Wrong codes count like a new browser's (five kill the code, and the
 * account's code throttle applies); the right one links, signs in and remembers this browser (ADR 0043).
 */
export async function verifyOidcLink(
  deps: OidcDeps & { account: GuardedAccountDeps },
  input: { browser?: string; code: string },
  ctx: SignInContext,
): Promise<SignInResult> {
  if (!input.browser) throw oidcErrors.pendingInvalid();
  const db = deps.account.db;
  const where = and(
    eq(oidcFlows.browserHash, sha256(input.browser)),
    eq(oidcFlows.stage, 'code'),
    gt(oidcFlows.expiresAt, new Date()),
  );
  const [flow] = await db.select().from(oidcFlows).where(where).limit(1);
  if (!flow?.userId || !flow.issuer || !flow.subject) throw oidcErrors.pendingInvalid();
  const user = await findUserById(db, flow.userId);
  const token = user && (await findUserCodeToken(db, user.id, 'login'));
  if (!user || !token) throw oidcErrors.pendingInvalid();
  const subject = { email: user.email, ip: ctx.ip };
  await deps.account.throttle.check('login-code', subject);
  try {
    await useTokenCode(db, token, input.code);
  } catch (err) {
    await deps.account.throttle.count('login-code', subject);
    throw err;
  }
  await db.delete(oidcFlows).where(eq(oidcFlows.id, flow.id));
  if (user.disabledAt) throw oidcErrors.accountDisabled();
  if (isStaff(user)) throw oidcErrors.staffLinkRefused();
  await linkIdentity(db, {
    userId: user.id,
    provider: flow.provider,
    issuer: flow.issuer,
    subject: flow.subject,
    email: flow.email ?? '',
  });
  mailLinked(deps, user, flow.provider);
  return completeSignIn(deps.account, user, ctx, true);
}
