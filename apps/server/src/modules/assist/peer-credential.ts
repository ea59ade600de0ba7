import { createHmac, timingSafeEqual } from 'node:crypto';
import { type AssistConfig, canvasPeerId } from '@atrium/protocol/assist';

/**
 * How long a peer credential opens the PeerJS socket (a dropped peer reconnects with the same one): as
 * long as the ingest session token the visitor proved itself with. It is only ever used while the room
 * is live, for the one id it names.
 */
export const PEER_CREDENTIAL_TTL_MS = 24 * 3_600_000;

/** `v`: a visitor tab's id; `a`: an agent's id, which also covers that agent's canvas peer. */
type PeerKind = 'v' | 'a';
const CANVAS_SUFFIX = canvasPeerId('');

// Domain separation: no other signature made with the ingest secret verifies here.
const mac = (secret: string, kind: PeerKind, peerId: string, expiresAt: string) =>
  createHmac('sha256', secret).update(`atrium-peer.${kind}.${expiresAt}.${peerId}`).digest();

/**
 * The credential the relay hands an authenticated assist socket for its PeerJS id:
 * `{kind}.{expiry base36}.{HMAC base64url}`, URL-safe (PeerJS puts it in its socket URL as `token`).
 * Stateless, so the PeerJS server of any process checks it (ADR 0031, 0042).
 */
export function signPeerCredential(secret: string, kind: PeerKind, peerId: string, now = Date.now()): string {
  const expiresAt = (now + PEER_CREDENTIAL_TTL_MS).toString(36);
  return `${kind}.${expiresAt}.${mac(secret, kind, peerId, expiresAt).toString('base64url')}`;
}

/** True when `token` is a credential this server signed for `peerId` (or, for an agent's, its canvas peer), unexpired. */
export function verifyPeerCredential(
  secret: string,
  peerId: string,
  token: string,
  now = Date.now(),
): boolean {
  if (token.length > 200) return false;
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [kind, expiresAt, signature] = parts as [string, string, string];
  if (kind !== 'v' && kind !== 'a') return false;
  const expiry = Number.parseInt(expiresAt, 36);
  if (!/^[0-9a-z]{1,12}$/.test(expiresAt) || !(expiry > now)) return false;
  const subjects = [peerId];
  if (kind === 'a' && peerId.endsWith(CANVAS_SUFFIX)) subjects.push(peerId.slice(0, -CANVAS_SUFFIX.length));
  const given = Buffer.from(signature, 'base64url');
  return subjects.some((subject) => {
    const expected = mac(secret, kind, subject, expiresAt);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** The relay's config for one socket: the shared PeerJS settings plus this socket's credential. */
export function withPeerCredential(
  config: AssistConfig,
  secret: string,
  kind: PeerKind,
  peerId: string,
): AssistConfig {
  return { ...config, peer: { ...config.peer, token: signPeerCredential(secret, kind, peerId) } };
}
