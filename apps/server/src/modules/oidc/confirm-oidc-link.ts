import { and, eq, gt } from 'drizzle-orm';
import { oidcFlows } from '../../db/schema.ts';
import { sha256 } from '../../lib/tokens.ts';
import {
  findUserById,
  issueVerificationToken,
  linkCodeMail,
  TOKEN_TTL_MS,
  verifyPassword,
} from '../account/index.ts';
import type { OidcDeps } from './oidc-deps.ts';
import { oidcErrors } from './oidc-errors.ts';

const MAX_ATTEMPTS = 5;

/**
 * The owner of an account proves the password to link the provider's account whose e-mail the provider
 * did not vouch for. Five wrong passwords end the pending link. The right one is not enough on its own
 * (ADR 0043): like a sign-in from a new browser, a code goes to the account's mailbox, and only that code
 * (`verifyOidcLink`) links and signs in, so a known password never skips the owner.
 */
export async function confirmOidcLink(
  deps: OidcDeps,
  input: { browser?: string; password: string },
): Promise<{ email: string; expiresAt: Date }> {
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
  if (user.disabledAt) {
    await db.delete(oidcFlows).where(eq(oidcFlows.id, flow.id));
    throw oidcErrors.accountDisabled();
  }
  const issued = await issueVerificationToken(db, { userId: user.id, purpose: 'login', withCode: true });
  const expiresAt = new Date(Date.now() + TOKEN_TTL_MS.login);
  await db.update(oidcFlows).set({ stage: 'code', attempts: 0, expiresAt }).where(eq(oidcFlows.id, flow.id));
  const method = deps.clients.get(flow.provider)?.provider.displayName ?? flow.provider;
  deps.account.mail(linkCodeMail({ to: user.email, nickname: user.nickname, method, code: issued.code! }));
  return { email: user.email, expiresAt };
}
