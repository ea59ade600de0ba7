import { and, eq } from 'drizzle-orm';
import * as client from 'openid-client';
import { oidcFlows } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import {
  completeSignIn,
  createExternalAccount,
  findUserByEmail,
  findUserById,
  isConfusableEmail,
  isStaff,
  markEmailVerified,
  normalizeEmail,
  type SignInContext,
  type SignInResult,
} from '../account/index.ts';
import { nicknameFromClaims } from './nickname-from-claims.ts';
import { mailIfNewBrowser, mailLinked } from './notify-sign-in-methods.ts';
import type { OidcDeps } from './oidc-deps.ts';
import { oidcErrors } from './oidc-errors.ts';
import { findIdentity, linkIdentity } from './oidc-identities.ts';
import { callbackUrl, FLOW_MINUTES } from './start-oidc-flow.ts';

export type OidcOutcome =
  | ({ status: 'signed_in' } & SignInResult)
  | { status: 'linked' }
  | { status: 'password_required'; email: string; browser: string; expiresAt: Date };

/** Who the provider says signed in. */
interface ProviderAccount {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  claims: Record<string, unknown>;
}

/**
 * The provider sent the browser back to `/{provider}callback` and the portal passed its query on. The flow
 * row is taken (single use) by the browser's cookie; the code is exchanged with the PKCE verifier and the
 * ID token checked against state and nonce (openid-client). Then: a known identity signs in (the owner is
 * mailed the first time from a new browser); a new one is linked to the learner account of its e-mail only
 * when the provider says the e-mail is verified (otherwise the owner proves the password and a mailed code),
 * or becomes a new account. Staff accounts and look-alike addresses are never linked by e-mail (ADR 0043).
 */
export async function finishOidcFlow(
  deps: OidcDeps,
  input: { provider: string; search: string; browser?: string; currentUserId?: string },
  ctx: SignInContext,
): Promise<OidcOutcome> {
  const oidc = deps.clients.get(input.provider);
  if (!oidc) throw oidcErrors.unknownProvider();
  if (!input.browser) throw oidcErrors.stateInvalid();
  const db = deps.account.db;
  const [flow] = await db
    .delete(oidcFlows)
    .where(and(eq(oidcFlows.browserHash, sha256(input.browser)), eq(oidcFlows.stage, 'provider')))
    .returning();
  const params = new URLSearchParams(input.search.replace(/^\?/, ''));
  if (!flow || flow.provider !== input.provider || flow.expiresAt < new Date())
    throw oidcErrors.stateInvalid();
  if (params.get('state') !== flow.state) throw oidcErrors.stateInvalid();
  const error = params.get('error');
  if (error) throw error === 'access_denied' ? oidcErrors.denied() : oidcErrors.failed();

  const account = await exchangeCode(deps, oidc, flow, params);

  if (flow.intent === 'link') {
    // The session that started the link must be the one finishing it.
    if (!flow.userId || flow.userId !== input.currentUserId) throw oidcErrors.stateInvalid();
    const owner = await findUserById(db, flow.userId);
    if (!owner) throw oidcErrors.stateInvalid();
    const added = await linkIdentity(db, {
      userId: owner.id,
      provider: input.provider,
      ...identityOf(account),
    });
    if (added) mailLinked(deps, owner, input.provider);
    return { status: 'linked' };
  }

  const known = await findIdentity(db, account.issuer, account.subject);
  if (known) {
    const user = await findUserById(db, known.userId);
    if (!user) throw oidcErrors.failed();
    if (user.disabledAt) throw oidcErrors.accountDisabled();
    await linkIdentity(db, { userId: user.id, provider: input.provider, ...identityOf(account) });
    await mailIfNewBrowser(deps, user, input.provider, ctx.device);
    return { status: 'signed_in', ...(await completeSignIn(deps.account, user, ctx, true)) };
  }

  if (!account.email) throw oidcErrors.noEmail();
  // A look-alike address (a Kelvin sign for K) must never reach an account or become one (ADR 0043).
  if (isConfusableEmail(account.email)) throw oidcErrors.emailConfusable();
  const existing = await findUserByEmail(db, account.email);
  if (existing) {
    if (existing.disabledAt) throw oidcErrors.accountDisabled();
    // Staff link a provider from their own signed-in session only: a provider's word is not enough.
    if (isStaff(existing)) throw oidcErrors.staffLinkRefused();
    if (!account.emailVerified) {
      // Anyone can type any address at some providers: the owner of this account proves the password first.
      const browser = randomToken();
      const expiresAt = new Date(Date.now() + FLOW_MINUTES * 60_000);
      await db.insert(oidcFlows).values({
        browserHash: sha256(browser),
        provider: input.provider,
        intent: 'login',
        stage: 'password',
        state: '',
        nonce: '',
        codeVerifier: '',
        userId: existing.id,
        issuer: account.issuer,
        subject: account.subject,
        email: normalizeEmail(account.email),
        expiresAt,
      });
      return { status: 'password_required', email: existing.email, browser, expiresAt };
    }
    await linkIdentity(db, { userId: existing.id, provider: input.provider, ...identityOf(account) });
    mailLinked(deps, existing, input.provider);
    // The provider vouched for the address, which is what our own verification mail would prove.
    const user = existing.emailVerifiedAt
      ? existing
      : await markEmailVerified(deps.account, existing, 'register');
    return { status: 'signed_in', ...(await completeSignIn(deps.account, user, ctx, true)) };
  }

  // A new account only for an address the provider vouches for: otherwise anyone could squat an address.
  if (!account.emailVerified) throw oidcErrors.emailUnverified();
  const created = await createExternalAccount(deps.account, {
    email: normalizeEmail(account.email),
    nickname: nicknameFromClaims(account.claims, account.email),
  });
  if (!created) throw oidcErrors.failed();
  await linkIdentity(db, { userId: created.id, provider: input.provider, ...identityOf(account) });
  return { status: 'signed_in', ...(await completeSignIn(deps.account, created, ctx, true)) };
}

const identityOf = (a: ProviderAccount) => ({
  issuer: a.issuer,
  subject: a.subject,
  email: normalizeEmail(a.email),
});

async function exchangeCode(
  deps: OidcDeps,
  oidc: NonNullable<ReturnType<OidcDeps['clients']['get']>>,
  flow: typeof oidcFlows.$inferSelect,
  params: URLSearchParams,
): Promise<ProviderAccount> {
  const configuration = await oidc.configuration();
  const current = new URL(callbackUrl(deps.account.config.publicUrl, flow.provider));
  current.search = params.toString();
  try {
    const tokens = await client.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw oidcErrors.failed();
    // Providers may keep e-mail out of the ID token; the UserInfo answer has it (same subject checked).
    const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    const claims = { ...info, ...idClaims } as Record<string, unknown>;
    // Kept as sent: lower-casing first would turn a Kelvin sign into a plain k before the confusable check.
    const email = typeof claims.email === 'string' ? claims.email.trim().slice(0, 254) : '';
    return {
      issuer: idClaims.iss,
      subject: idClaims.sub,
      email,
      emailVerified: claims.email_verified === true,
      claims,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Could not reach the provider at all (refused, reset, timeout), as opposed to a refused exchange.
    if (err instanceof TypeError || (err instanceof Error && /abort|timeout/i.test(err.name))) {
      throw Object.assign(oidcErrors.unavailable(), { cause: err });
    }
    deps.account.log.warn({ err, provider: flow.provider }, 'oidc code exchange refused');
    throw oidcErrors.failed();
  }
}
