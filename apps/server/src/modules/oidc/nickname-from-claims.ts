import { NICKNAME_MAX } from '@atrium/protocol';

/**
 * A nickname that passes the portal's rule (spec 1 §5) from what the provider says: its nickname, name or
 * preferred username, or the e-mail's local part, with every other character dropped; 學員 as a last resort.
 */
export function nicknameFromClaims(claims: Record<string, unknown>, email: string): string {
  const candidates = [claims.nickname, claims.name, claims.preferred_username, email.split('@')[0]];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const cleaned = candidate
      .replace(/[^A-Za-z\p{Script=Han}\-_ ]/gu, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, NICKNAME_MAX)
      .trim();
    if (cleaned) return cleaned;
  }
  return '學員';
}
