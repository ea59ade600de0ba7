import type { OidcCallbackResult, OidcProviders, OidcVerifyRequired, SignedIn } from '@atrium/protocol';
import { apiCall } from '@atrium/web/api/client.ts';

/** Third-party sign-in (ADR 0036): packages/protocol/src/oidc.ts. */
export const oidcApi = {
  providers: (signal?: AbortSignal) => apiCall<OidcProviders>('GET', '/v1/oidc/providers', { signal }),
  authorize: (provider: string, intent: 'login' | 'link') =>
    apiCall<{ redirect_url: string }>('POST', `/v1/oidc/${encodeURIComponent(provider)}/authorize`, {
      body: { intent },
    }),
  callback: (provider: string, search: string) =>
    apiCall<OidcCallbackResult>('POST', `/v1/oidc/${encodeURIComponent(provider)}/callback`, {
      body: { search },
    }),
  confirm: (password: string) =>
    apiCall<OidcVerifyRequired>('POST', '/v1/oidc/link/confirm', { body: { password } }),
  /** The code mailed after the right password (ADR 0043) finishes the link and signs in. */
  verify: (code: string) => apiCall<SignedIn>('POST', '/v1/oidc/link/verify', { body: { code } }),
  unlink: (provider: string) =>
    apiCall<void>('DELETE', `/v1/user/thirdparty/${encodeURIComponent(provider)}`),
};

/**
 * Sends the browser to the provider; the server keeps state, nonce and PKCE verifier (a cookie names them).
 * The provider returns to the PUBLIC_URL host (the `redirect_uri` the server gave it), and the flow's cookie
 * lives on the host that started it: opened at another name (127.0.0.1 for localhost), the sign-in would end
 * in 「登入連結已失效或遭竄改」, so the browser first moves to the same page on the PUBLIC_URL host (issue 23).
 */
export async function goToProvider(provider: string, intent: 'login' | 'link') {
  const { redirect_url } = await oidcApi.authorize(provider, intent);
  const callback = new URL(redirect_url).searchParams.get('redirect_uri');
  const publicOrigin = callback ? new URL(callback).origin : location.origin;
  if (publicOrigin !== location.origin) {
    location.assign(`${publicOrigin}${location.pathname}${location.search}`);
    return;
  }
  location.assign(redirect_url);
}
