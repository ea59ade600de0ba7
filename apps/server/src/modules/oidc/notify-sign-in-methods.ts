import type { UserRow } from '../account/index.ts';
import { externalSignInMail, isKnownDevice, methodLinkedMail, methodUnlinkedMail } from '../account/index.ts';
import type { OidcDeps } from './oidc-deps.ts';

/** The provider's name as the owner knows it (the sign-in button's label). */
const methodOf = (deps: OidcDeps, provider: string) =>
  deps.clients.get(provider)?.provider.displayName ?? provider;

const mailInput = (deps: OidcDeps, user: UserRow, provider: string) => ({
  to: user.email,
  nickname: user.nickname,
  publicUrl: deps.account.config.publicUrl,
  method: methodOf(deps, provider),
});

/** Tells the owner a provider was linked to the account (ADR 0043). */
export function mailLinked(deps: OidcDeps, user: UserRow, provider: string): void {
  deps.account.mail(methodLinkedMail(mailInput(deps, user, provider)));
}

export function mailUnlinked(deps: OidcDeps, user: UserRow, provider: string): void {
  deps.account.mail(methodUnlinkedMail(mailInput(deps, user, provider)));
}

/**
 * Tells the owner about a sign-in through a provider from a browser the account has not seen; the caller
 * then remembers the browser, so only the first one is mailed.
 */
export async function mailIfNewBrowser(
  deps: OidcDeps,
  user: UserRow,
  provider: string,
  device: string | undefined,
): Promise<void> {
  if (await isKnownDevice(deps.account.db, user.id, device)) return;
  deps.account.mail(externalSignInMail(mailInput(deps, user, provider)));
}
