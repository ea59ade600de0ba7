import { lt } from 'drizzle-orm';
import * as client from 'openid-client';
import { oidcFlows } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { OidcDeps } from './oidc-deps.ts';
import { oidcErrors } from './oidc-errors.ts';

/** A flow lives as long as someone reasonably takes on the provider's sign-in and consent screens. */
export const FLOW_MINUTES = 10;

export const callbackUrl = (publicUrl: string, provider: string) => `${publicUrl}/${provider}callback`;

/**
 * Starts a sign-in (or, for a signed-in user, a link): state, nonce and the PKCE verifier are kept on the
 * server; the browser gets only the cookie value that names them, and the provider's address to go to.
 */
export async function startOidcFlow(
  deps: OidcDeps,
  input: { provider: string; intent: 'login' | 'link'; userId?: string },
): Promise<{ redirectUrl: string; browser: string; expiresAt: Date }> {
  const oidc = deps.clients.get(input.provider);
  if (!oidc) throw oidcErrors.unknownProvider();
  const configuration = await oidc.configuration();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const browser = randomToken();
  const expiresAt = new Date(Date.now() + FLOW_MINUTES * 60_000);
  // Abandoned flows are swept here rather than by a timer: starting is what creates them.
  await deps.account.db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, new Date()));
  await deps.account.db.insert(oidcFlows).values({
    browserHash: sha256(browser),
    provider: input.provider,
    intent: input.intent,
    state,
    nonce,
    codeVerifier,
    userId: input.userId ?? null,
    expiresAt,
  });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(deps.account.config.publicUrl, input.provider),
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { redirectUrl: url.href, browser, expiresAt };
}
