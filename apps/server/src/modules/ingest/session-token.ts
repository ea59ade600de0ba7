import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** How long a tracker session token is accepted for uploads; the tracker renews it through start. */
export const SESSION_TOKEN_TTL_MS = 24 * 3_600_000;

export interface SessionClaims {
  sessionId: string;
  projectId: string;
  userUuid: string;
  /**
   * A conditional start's token (doNotRecord): its session id is reserved, not recorded yet. Only such a token
   * may open a session under its id; any other token whose session is gone names a deleted recording.
   */
  reserved?: true;
  /** Epoch ms. */
  issuedAt: number;
  expiresAt: number;
}

const payload = z.object({
  v: z.literal(1),
  s: z.uuid(),
  p: z.uuid(),
  u: z.uuid(),
  iat: z.number().int(),
  exp: z.number().int(),
  r: z.literal(1).optional(),
});

// Domain separation: a signature made for another purpose with the same secret never verifies here.
const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`atrium-ingest-session.${body}`).digest();

/** `v1.<base64url JSON claims>.<base64url HMAC-SHA256>`: stateless, so any ingest or assist process can check it. */
export function signSessionToken(
  secret: string,
  claims: { sessionId: string; projectId: string; userUuid: string; reserved?: boolean },
  now = Date.now(),
): { token: string; expiresAt: number } {
  const expiresAt = now + SESSION_TOKEN_TTL_MS;
  const body = Buffer.from(
    JSON.stringify({
      v: 1,
      s: claims.sessionId,
      p: claims.projectId,
      u: claims.userUuid,
      iat: now,
      exp: expiresAt,
      ...(claims.reserved ? { r: 1 } : {}),
    }),
  ).toString('base64url');
  return { token: `v1.${body}.${mac(secret, body).toString('base64url')}`, expiresAt };
}

/**
 * The claims of a token this server signed, or null for anything forged, mangled or (unless
 * `allowExpired`, which start uses to continue a session) expired.
 */
export function verifySessionToken(
  secret: string,
  token: string,
  opts: { now?: number; allowExpired?: boolean } = {},
): SessionClaims | null {
  if (token.length > 1000) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1') return null;
  const [, body, signature] = parts as [string, string, string];
  const expected = mac(secret, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: z.infer<typeof payload>;
  try {
    parsed = payload.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
  if (!opts.allowExpired && parsed.exp <= (opts.now ?? Date.now())) return null;
  return {
    sessionId: parsed.s,
    projectId: parsed.p,
    userUuid: parsed.u,
    ...(parsed.r ? { reserved: true as const } : {}),
    issuedAt: parsed.iat,
    expiresAt: parsed.exp,
  };
}
