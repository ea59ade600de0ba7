import { randomToken, sha256 } from '../../lib/tokens.ts';

/** How long an invitation stays open after it was (re)sent: ADR 0063, INVITATION_TTL_DAYS in the protocol. */
export const INVITATION_TTL_MS = 14 * 24 * 3_600_000;
/** A resend (or a repeated invite of the same address) waits this long after the last mail. */
export const RESEND_AFTER_MS = 60_000;

/** A fresh mailed token and the hash that is all the database keeps. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomToken();
  return { token, tokenHash: sha256(token) };
}
