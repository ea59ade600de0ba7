import { type AssistConnectError, assistConnectError } from '@atrium/protocol/assist';

/** Why the relay refused the agent's handshake (its connect_error `data.code`). */
export type ConnectRefusal = AssistConnectError['code'];

/**
 * The agent's link to the learner as the console shows it. Every state follows the server: `live` only
 * while the socket is connected and the session has a tab, `reconnecting` from the moment the socket (or
 * the browser's network) drops, a refusal by the relay's own code.
 */
export type Connection = 'connecting' | 'live' | 'no-session' | 'reconnecting' | 'failed' | ConnectRefusal;

/** Refusals that pass by themselves (a debt paid back, another socket closed): tried again after a pause. */
export const RETRY_AFTER_REFUSAL_MS: Partial<Record<ConnectRefusal, number>> = {
  rate_limited: 5000,
  too_many_sockets: 10_000,
};

/**
 * What a socket.io connect_error means: the relay's refusal carries its code; anything else (no network,
 * the server unreachable, a handshake refused per address before the WebSocket opened) is a connection
 * error socket.io retries by itself, so the agent is told the console is reconnecting.
 */
export function connectErrorState(err: unknown): Connection {
  const parsed = assistConnectError.safeParse((err as { data?: unknown } | null)?.data);
  return parsed.success ? parsed.data.code : 'reconnecting';
}

/**
 * The badge's key: a live session whose watched tab paused sharing (ADR 0073), or is hidden or idle, says
 * so; a paused mirror must never read as live.
 */
export function shownConnection(connection: Connection, tabActive: boolean | undefined, paused = false) {
  if (connection !== 'live') return connection;
  return paused ? 'paused' : tabActive === false ? 'idle' : connection;
}
