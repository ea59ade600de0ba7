import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../config.ts';
import { oidcErrors } from './oidc-errors.ts';

export interface OidcClient {
  provider: OidcProviderConfig;
  /** The discovered configuration; throws `oidc_unavailable` while the provider does not answer. */
  configuration(): Promise<client.Configuration>;
}

/** Plain http is only for a provider on this machine (tests, local development); anything else is https. */
const isLoopbackHttp = (issuer: URL) =>
  issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);

// A provider that hangs must not hold a learner's request (or a server worker) for long.
const TIMEOUT_SECONDS = 5;

/**
 * One client per configured provider. Discovery happens at first use and is kept; a failed discovery is
 * not kept, so a provider that was down is tried again on the next sign-in.
 */
export function createOidcClients(providers: OidcProviderConfig[]): Map<string, OidcClient> {
  const clients = new Map<string, OidcClient>();
  for (const provider of providers) {
    let discovered: Promise<client.Configuration> | undefined;
    clients.set(provider.name, {
      provider,
      configuration() {
        if (!discovered) {
          const issuer = new URL(provider.issuer);
          discovered = client
            .discovery(
              issuer,
              provider.clientId,
              provider.clientSecret,
              undefined,
              isLoopbackHttp(issuer)
                ? { execute: [client.allowInsecureRequests], timeout: TIMEOUT_SECONDS }
                : { timeout: TIMEOUT_SECONDS },
            )
            .catch((err) => {
              discovered = undefined;
              throw Object.assign(oidcErrors.unavailable(), { cause: err });
            });
        }
        return discovered;
      },
    });
  }
  return clients;
}
