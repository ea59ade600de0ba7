import { createHmac, timingSafeEqual } from 'node:crypto';

/** Long enough for the tracker's first batch after start (retries included), short enough to be stale when read. */
export const LEARNER_ASSERTION_TTL_MS = 10 * 60_000;

// Domain separation: a session token or peer credential made with the same secret never verifies here.
const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`atrium-tracker-learner.${body}`).digest();

/**
 * `l1.<base64url {u, exp}>.<base64url HMAC-SHA256>`: the server's word that a signed-in user started this
 * tracker (ADR 0045). Stateless, so the ingest process checks what the API process signed.
 */
export function signLearnerAssertion(secret: string, userId: string, now = Date.now()) {
  const expiresAt = now + LEARNER_ASSERTION_TTL_MS;
  const body = Buffer.from(JSON.stringify({ u: userId, exp: expiresAt })).toString('base64url');
  return { assertion: `l1.${body}.${mac(secret, body).toString('base64url')}`, expiresAt };
}

/** The user id of an assertion this server signed and that has not expired, or null. */
export function verifyLearnerAssertion(secret: string, assertion: string, now = Date.now()): string | null {
  if (assertion.length > 1000) return null;
  const [version, body, signature, ...rest] = assertion.split('.');
  if (version !== 'l1' || !body || !signature || rest.length > 0) return null;
  const expected = mac(secret, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      u?: unknown;
      exp?: unknown;
    };
    if (typeof claims.u !== 'string' || typeof claims.exp !== 'number' || claims.exp <= now) return null;
    return claims.u;
  } catch {
    return null;
  }
}
