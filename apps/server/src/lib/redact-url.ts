/** Query parameters whose value is a credential: reset/verify tokens, impersonation tokens, feed secrets. */
const secretParam = /token|secret|password|code|key|sig/i;
/** Paths whose last segment is itself the credential (the iCal feed address). */
const secretPath = /^(\/v1\/calendar\/)(?!feed(?:[/?#]|$))[^/?#]+/;

/**
 * The request URL as it may appear in a log: credentials in the path or query are replaced by `[redacted]`,
 * so access logs (often shipped to third parties, kept for months) never hold a working secret (ADR 0012).
 * Used by the request serializer in app.ts; issue 9's per-request logger reuses it.
 */
export function redactUrl(url: string): string {
  const path = url.replace(secretPath, '$1[redacted]');
  const q = path.indexOf('?');
  if (q < 0) return path;
  const query = path
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return eq >= 0 && secretParam.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path.slice(0, q)}?${query}`;
}
