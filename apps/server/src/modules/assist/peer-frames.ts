/** `{projectKey}-{sessionId}` in front of a peer id (visitor tab, agent, agent's canvas peer). */
const UUID_ROOM =
  /^(.+-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/i;

/** The assist room a peer id belongs to, or undefined for an id of no session. */
export const roomOfPeerId = (id: string): string | undefined => UUID_ROOM.exec(id)?.[1];

/** The frames PeerJS relays from one peer to another (the `peer` package's transmission types). */
const RELAYED = new Set(['OFFER', 'ANSWER', 'CANDIDATE', 'LEAVE']);
/** What a PeerJS client ever sends: the relayed frames and its heartbeat. */
const FROM_CLIENT = new Set([...RELAYED, 'HEARTBEAT']);

export type AdmittedFrame =
  | { type: 'HEARTBEAT'; relayed: false }
  | { type: string; dst: string; relayed: true; message: Record<string, unknown> };

/**
 * A client's signalling frame as the peer server may handle it, or null to drop it: text JSON objects
 * of a type PeerJS clients send, relayed ones only to a peer of the sender's own room. Anything else
 * (binary, not JSON, unknown types, other rooms) never reaches the `peer` package, which would turn
 * it into errors or queue it for a peer that never comes.
 */
export function admitFrame(senderRoom: string, data: unknown, isBinary: boolean): AdmittedFrame | null {
  if (isBinary) return null;
  let m: unknown;
  try {
    m = JSON.parse(String(data));
  } catch {
    return null;
  }
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return null;
  const { type, dst } = m as { type?: unknown; dst?: unknown };
  if (typeof type !== 'string' || !FROM_CLIENT.has(type)) return null;
  if (type === 'HEARTBEAT') return { type, relayed: false };
  if (typeof dst !== 'string' || roomOfPeerId(dst) !== senderRoom) return null;
  return { type, dst, relayed: true, message: m as Record<string, unknown> };
}
