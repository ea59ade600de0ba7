import type { AccountDeps } from '../account/index.ts';
import type { OidcClient } from './oidc-clients.ts';

/** What the OIDC domain functions need: the account module's dependencies and one client per provider. */
export interface OidcDeps {
  account: AccountDeps;
  clients: Map<string, OidcClient>;
}
