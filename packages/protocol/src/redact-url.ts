/**
 * The one policy for credentials in addresses, used where an address is kept: the server's access log and
 * the portal's recordings (ADR 0012). A query parameter is a credential when its decoded name, or its last
 * `_`/`-`/`.` part, is one of these words (`token`, `h_use_this_user_token`, `X-Amz-Signature`, `api_key`,
 * `sig`), so `tokens` or `monkey` stay readable; the iCal feed's path segment is itself the secret, and so are
 * a class invitation's token (`/v1/invitations/…`, and `invitation=` on the portal's sign-up link: ADR 0063).
 */
const SECRET_WORDS = new Set([
  'token',
  'secret',
  'password',
  'code',
  'key',
  'sig',
  'signature',
  'credential',
  'invitation',
]);
const SECRET_PATH =
  /^((?:[a-z][a-z0-9+.-]*:\/\/[^/?#]*)?\/v1\/(?:calendar|invitations)\/)(?!feed(?:[/?#]|$))[^/?#]+/i;
export const REDACTED = '[redacted]';

function isSecretName(raw: string): boolean {
  let name = raw;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // a malformed name is compared as it is
  }
  const words = name.toLowerCase().split(/[_.-]/);
  return SECRET_WORDS.has(name.toLowerCase()) || SECRET_WORDS.has(words[words.length - 1] ?? '');
}

/** The address with every credential's value replaced by `[redacted]`; the rest (and the #fragment) kept. */
export function redactUrl(url: string): string {
  const path = url.replace(SECRET_PATH, `$1${REDACTED}`);
  const query = path.indexOf('?');
  if (query < 0) return path;
  const hash = path.indexOf('#', query);
  const end = hash < 0 ? path.length : hash;
  const params = path
    .slice(query + 1, end)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq >= 0 && isSecretName(pair.slice(0, eq)) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    });
  return `${path.slice(0, query + 1)}${params.join('&')}${path.slice(end)}`;
}
