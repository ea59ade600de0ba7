import { ASSIST_SOCKET_PATH, assistRoomId } from '@atrium/protocol/assist';
import { readSessionToken } from '@atrium/web/api/session-token.ts';
import { io, type Socket } from 'socket.io-client';

/** How long a socket opened ahead waits for its page (a session gate that sends the agent to sign in). */
const UNCLAIMED_MS = 10_000;

/** The live view's relay socket for one learner's session, as the agent (the staff sign-in's token). */
export function agentSocket(projectKey: string, sessionId: string): Socket {
  return io({
    path: ASSIST_SOCKET_PATH,
    transports: ['websocket'],
    query: { peerId: assistRoomId(projectKey, sessionId), identity: 'agent' },
    auth: { token: readSessionToken() },
    reconnectionAttempts: 30,
  });
}

/** One learner's session as one sign-in: a socket opened under another token (signed in since) is not reused. */
const aheadKey = (projectKey: string, sessionId: string) =>
  `${projectKey}\n${sessionId}\n${readSessionToken() ?? ''}`;

type Heard = [event: string, args: unknown[]][];

let ahead: {
  key: string;
  socket: Socket;
  heard: Heard;
  stopListening: () => void;
  timer: ReturnType<typeof setTimeout>;
} | null = null;

function dropAhead(): void {
  if (!ahead) return;
  clearTimeout(ahead.timer);
  ahead.stopListening();
  ahead.socket.disconnect();
  ahead = null;
}

/**
 * Opens the live view's socket as soon as its address is known (the route's loader), not after the session
 * gate's GET /v1/entry and the page's first render: the learner's tracker restarts only once the agent's
 * socket is in the room. What it hears meanwhile is kept for the page.
 */
export function openAhead(projectKey: string, sessionId: string): Socket | null {
  const key = aheadKey(projectKey, sessionId);
  if (ahead?.key === key) return ahead.socket;
  dropAhead();
  // Signed out: the gate sends the agent to sign in first; a socket opened now would carry no token.
  if (!readSessionToken()) return null;
  const socket = agentSocket(projectKey, sessionId);
  const heard: Heard = [];
  const onAny = (event: string, ...args: unknown[]) => heard.push([event, args]);
  // connect_error and disconnect are socket.io's own events, which onAny does not see.
  const onError = (...args: unknown[]) => heard.push(['connect_error', args]);
  const onDisconnect = (...args: unknown[]) => heard.push(['disconnect', args]);
  socket.onAny(onAny);
  socket.on('connect_error', onError);
  socket.on('disconnect', onDisconnect);
  ahead = {
    key,
    socket,
    heard,
    stopListening: () => {
      socket.offAny(onAny);
      socket.off('connect_error', onError);
      socket.off('disconnect', onDisconnect);
    },
    timer: setTimeout(dropAhead, UNCLAIMED_MS),
  };
  return socket;
}

/**
 * The socket opened ahead for this session, if any, and a `replay` to call once the page's listeners are on
 * it: it hands them what the socket heard before, in order.
 */
export function takeAhead(
  projectKey: string,
  sessionId: string,
): { socket: Socket; replay: () => void } | null {
  if (ahead?.key !== aheadKey(projectKey, sessionId)) return null;
  const { socket, heard, stopListening, timer } = ahead;
  clearTimeout(timer);
  stopListening();
  ahead = null;
  return {
    socket,
    replay: () => {
      for (const [event, args] of heard.splice(0))
        for (const fn of socket.listeners(event as 'connect_error'))
          (fn as (...a: unknown[]) => void)(...args);
    },
  };
}
