/** Query parameters whose values are credentials (mailed links, login codes, impersonation). */
const SECRET_PARAMS = new Set(['token', 'code', 'h_use_this_user_token']);

/** The address with the values of credential parameters replaced, so a recording never holds them. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const hash = url.indexOf('#', query);
  const end = hash < 0 ? url.length : hash;
  const params = url
    .slice(query + 1, end)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed name is compared as it is
      }
      return eq >= 0 && SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=redacted` : pair;
    });
  return `${url.slice(0, query + 1)}${params.join('&')}${url.slice(end)}`;
}
