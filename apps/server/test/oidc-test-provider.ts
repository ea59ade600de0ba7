/// <reference path="./oidc-provider.d.ts" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestOidcAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The OIDC_PROVIDERS value that points the app at this provider under `name`. */
  envValue(name: string, displayName?: string): string;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (`oidc-provider`, its development sign-in and consent screens) on a random local
 * port. Whatever login is typed signs in as that subject; `accounts` gives the claims of known logins.
 */
export async function startOidcProvider(opts: {
  redirectUris: string[];
  accounts: Record<string, TestOidcAccount>;
}): Promise<TestOidcProvider> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'atrium-test';
  const clientSecret = 'atrium-test-secret-atrium-test-secret';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-cookie-key-1'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      const account = opts.accounts[sub] ?? {};
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
  });
  // The provider runs on plain http on loopback only; its own warnings about that are noise in tests.
  provider.on('server_error', () => {});
  handler = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    envValue: (name, displayName = 'Test ID') =>
      JSON.stringify([
        { name, issuer, client_id: clientId, client_secret: clientSecret, display_name: displayName },
      ]),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Goes through the provider's own screens over HTTP as a browser would (cookies, redirects, forms): signs in
 * as `login`, then consents (or cancels), and returns the query the provider sends to the redirect URI.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  opts: { cancel?: boolean } = {},
): Promise<string> {
  const jar = new Map<string, string>();
  const redirectUri = new URL(authorizationUrl).searchParams.get('redirect_uri')!;
  let url = authorizationUrl;
  let form: Record<string, string> | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    form = undefined;
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(redirectUri)) return new URL(next).search;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
    if (opts.cancel) {
      url = new URL(html.match(/href="([^"]+\/abort)"/)![1]!, url).href;
      continue;
    }
    form = html.includes('name="login"')
      ? { prompt: 'login', login, password: 'any' }
      : { prompt: 'consent' };
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
  }
  throw new Error('the provider never sent the browser back');
}
