import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SESSION_TOKEN_TTL_MS, signSessionToken, verifySessionToken } from './session-token.ts';

const secret = 'test-secret-test-secret-test-secret-1';
const claims = { sessionId: randomUUID(), projectId: randomUUID(), userUuid: randomUUID() };

describe('session token', () => {
  it('verifies what it signed until it expires; start may still read an expired one', () => {
    const now = Date.now();
    const { token, expiresAt } = signSessionToken(secret, claims, now);
    expect(expiresAt).toBe(now + SESSION_TOKEN_TTL_MS);
    expect(verifySessionToken(secret, token, { now })).toEqual({ ...claims, issuedAt: now, expiresAt });
    expect(verifySessionToken(secret, token, { now: expiresAt })).toBeNull();
    expect(verifySessionToken(secret, token, { now: expiresAt, allowExpired: true })?.sessionId).toBe(
      claims.sessionId,
    );
  });

  it('refuses tampered, truncated, foreign and oversized tokens', () => {
    const { token } = signSessionToken(secret, claims);
    const [v, body, sig] = token.split('.') as [string, string, string];
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), p: randomUUID() }),
    ).toString('base64url');
    for (const bad of [
      `${v}.${other}.${sig}`,
      `${v}.${body}`,
      `v2.${body}.${sig}`,
      `${v}.${body}.${sig.slice(0, -2)}`,
      `${v}.${body}.`,
      '',
      'x'.repeat(2000),
    ]) {
      expect(verifySessionToken(secret, bad)).toBeNull();
    }
    expect(verifySessionToken('another-secret-another-secret-another', token)).toBeNull();
  });
});
