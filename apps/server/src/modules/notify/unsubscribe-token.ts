import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/tokens.ts';

// Domain separation: the server's signing secret also signs tracker session tokens; this label keeps an
// unsubscribe signature from ever being valid as anything else.
const LABEL = 'atrium mail unsubscribe v1\0';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sign = (secret: string, userId: string) =>
  createHmac('sha256', secret)
    .update(LABEL + userId)
    .digest('base64url');

/**
 * The token of a learner's one-click unsubscribe link: their id and an HMAC of it. It does not expire (a mail read
 * months later must still work) and it can do one thing only: turn class announcement mails off (ADR 0063).
 */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${sign(secret, userId)}`;
}

/** The user id a token was signed for, or null when it was not signed with `secret`. */
export function unsubscribeTokenUser(secret: string, token: string): string | null {
  // Exactly the two parts we issue, the id in its one canonical encoding: no trailing parts or characters.
  const [id64, mac, ...rest] = token.split('.');
  if (!id64 || !mac || rest.length) return null;
  const userId = Buffer.from(id64, 'base64url').toString();
  if (!UUID.test(userId) || Buffer.from(userId).toString('base64url') !== id64) return null;
  return safeEqual(mac, sign(secret, userId)) ? userId : null;
}
