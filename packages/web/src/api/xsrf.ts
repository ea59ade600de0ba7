import { readCookie, writeCookie } from './cookies.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const LENGTH = 32;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomString(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 256 % 62 leaves a slight bias towards the first 8 letters; harmless for a double-submit nonce.
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** The double-submit token (spec 1 §3, §9): a random 32-character cookie set once at start. */
export function ensureXsrfToken(): string {
  const current = readCookie(XSRF_COOKIE);
  if (current && current.length === LENGTH) return current;
  const token = randomString(LENGTH);
  writeCookie(XSRF_COOKIE, token);
  return token;
}
