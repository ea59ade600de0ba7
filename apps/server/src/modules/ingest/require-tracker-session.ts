import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.ts';
import { type SessionClaims, verifySessionToken } from './session-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireTrackerSession: the claims of the tracker's verified session token. */
    trackerSession: SessionClaims | null;
  }
}

/**
 * An onRequest hook (so a bad token is refused before a body is read or inflated): 401 unless the
 * request carries a session token this server signed and that has not expired.
 */
export function requireTrackerSession(secret: string) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const claims = token ? verifySessionToken(secret, token) : null;
    if (!claims) throw unauthorized('錄影工作階段憑證無效或已過期', 'invalid_session_token');
    request.trackerSession = claims;
  };
}
