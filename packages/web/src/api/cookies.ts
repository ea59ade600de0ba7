/**
 * Browser cookies the portal reads and writes itself (spec 1 §3): `token` and `XSRF-TOKEN`.
 * They belong on the product's parent domain when one is configured (VITE_COOKIE_DOMAIN, spec 1 §9),
 * otherwise on the current host.
 */
const domain: string | undefined = import.meta.env.VITE_COOKIE_DOMAIN || undefined;

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (maxAgeSeconds !== undefined) parts.push(`max-age=${Math.max(0, Math.floor(maxAgeSeconds))}`);
  if (domain) parts.push(`domain=${domain}`);
  if (location.protocol === 'https:') parts.push('Secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support
  document.cookie = parts.join('; ');
}

export function deleteCookie(name: string): void {
  writeCookie(name, '', 0);
}
