/**
 * Which addresses course content may point at. Links: https (opens in a new tab) or a portal hash path
 * `#/…` (navigates inside the app). Images: https, or an image uploaded through the console
 * (`/v1/course-images/…`). Everything else — javascript:, data:, protocol-relative `//host` — is dropped.
 */
export function safeLink(url: string): { kind: 'external' | 'internal'; href: string } | null {
  if (/^https:\/\/[^\s\\]+$/i.test(url)) return { kind: 'external', href: url };
  if (/^#\/(?!\/)[^\s\\]*$/.test(url)) return { kind: 'internal', href: url.slice(1) };
  return null;
}

export function safeImage(url: string): string | null {
  if (/^https:\/\/[^\s\\]+$/i.test(url)) return url;
  if (/^\/v1\/course-images\/[A-Za-z0-9_-]+\.(png|jpg|webp)$/.test(url)) return url;
  return null;
}
