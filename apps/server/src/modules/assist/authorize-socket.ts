import { randomBytes } from 'node:crypto';
import {
  type AssistConnectError,
  agentHandshakeQuery,
  assistRoomId,
  visitorHandshakeAuth,
  visitorHandshakeQuery,
  visitorPeerId,
  visitorSessionInfo,
} from '@atrium/protocol/assist';
import type { Database } from '../../db/client.ts';
import { findSessionUser, findUserById, isStaff } from '../account/index.ts';
import { findProjectById, findRecordingId, verifySessionToken } from '../ingest/index.ts';
import { recordRead } from '../replay/index.ts';
import { browserOf } from './browser-of.ts';

/** What the relay keeps on `socket.data` (and what fetchSockets returns from every process). */
export type AssistSocketData =
  | {
      kind: 'visitor';
      room: string;
      projectKey: string;
      sessionId: string;
      tabId: string;
      userUuid: string;
      userId: string | null;
      pageTitle: string;
      url: string | null;
      /** When the tab arrived on its current page (its connection, then each page update naming a new address). */
      pageSince: string;
      active: boolean;
      connectedAt: string;
      /** Browser and major version from the tab's user agent ("Chrome 131"), for the live list's filter. */
      browser: string;
    }
  | {
      kind: 'agent';
      room: string;
      projectKey: string;
      sessionId: string;
      userId: string;
      name: string;
      /** Alphanumeric, for the agent's PeerJS id (socket ids may hold '-' and '_' runs PeerJS refuses). */
      peerSuffix: string;
    }
  | { kind: 'console'; userId: string };

const REFUSAL_TEXTS: Record<AssistConnectError['code'], string> = {
  unauthorized: '未授權的連線',
  forbidden: '沒有權限',
  bad_handshake: '連線參數無效',
  too_many_sockets: '同時連線數已達上限',
  rate_limited: '傳送的資料過多，請稍後再試',
};

export class HandshakeRefused extends Error {
  constructor(public readonly code: AssistConnectError['code']) {
    super(REFUSAL_TEXTS[code]);
  }
}

export interface Handshake {
  query: Record<string, unknown>;
  auth: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

const UUID_TAIL = /^(.+)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

function cookieToken(headers: Handshake['headers']): string | undefined {
  const raw = headers.cookie;
  const line = Array.isArray(raw) ? raw.join('; ') : raw;
  if (!line) return undefined;
  for (const part of line.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === 'token') return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/**
 * The learner session a visitor handshake proves with its token, checked without the database (an HMAC):
 * the relay refuses a session that still owes bytes before it spends any lookup on it. Null otherwise.
 */
export function visitorSessionOf(ingestSecret: string, handshake: Handshake): string | null {
  if (handshake.query.identity !== 'session') return null;
  const auth = visitorHandshakeAuth.safeParse(handshake.auth);
  return auth.success ? (verifySessionToken(ingestSecret, auth.data.token)?.sessionId ?? null) : null;
}

/**
 * Who a handshake is, or HandshakeRefused. A visitor proves its session with the ingest session token
 * from start (stateless HMAC, so any process checks it) and its peerId must be that very session's; an
 * agent (or a console list socket) must be signed-in staff, by the `token` cookie or `auth.token`.
 */
export async function authorizeSocket(
  db: Database,
  ingestSecret: string,
  handshake: Handshake,
): Promise<AssistSocketData> {
  const identity = handshake.query.identity;
  if (identity === 'session') {
    const query = visitorHandshakeQuery.safeParse(handshake.query);
    const auth = visitorHandshakeAuth.safeParse(handshake.auth);
    if (!auth.success) throw new HandshakeRefused('unauthorized');
    const claims = verifySessionToken(ingestSecret, auth.data.token);
    if (!claims) throw new HandshakeRefused('unauthorized');
    if (!query.success) throw new HandshakeRefused('bad_handshake');
    let info: ReturnType<typeof visitorSessionInfo.parse>;
    try {
      info = visitorSessionInfo.parse(JSON.parse(query.data.sessionInfo));
    } catch {
      throw new HandshakeRefused('bad_handshake');
    }
    const project = await findProjectById(db, claims.projectId);
    if (!project) throw new HandshakeRefused('unauthorized');
    // The token names the session; the peerId must be this session's, so no token opens another's room.
    if (query.data.peerId !== visitorPeerId(project.key, claims.sessionId, query.data.tabId))
      throw new HandshakeRefused('forbidden');
    return {
      kind: 'visitor',
      room: assistRoomId(project.key, claims.sessionId),
      projectKey: project.key,
      sessionId: claims.sessionId,
      tabId: query.data.tabId,
      userUuid: claims.userUuid,
      // From `auth`; a tracker cached from before ADR 0077 sends it in sessionInfo (accepted for one release).
      userId: auth.data.userID ?? info.userID ?? null,
      pageTitle: info.pageTitle ?? '',
      url: info.url ?? null,
      active: info.active ?? true,
      pageSince: new Date().toISOString(),
      connectedAt: new Date().toISOString(),
      browser: browserOf(handshake.headers['user-agent']),
    };
  }
  if (identity !== 'agent' && identity !== 'console') throw new HandshakeRefused('bad_handshake');

  const bearer = typeof handshake.auth.token === 'string' ? handshake.auth.token : undefined;
  const token = bearer ?? cookieToken(handshake.headers);
  const user = token ? await findSessionUser(db, token) : null;
  if (!user) throw new HandshakeRefused('unauthorized');
  if (!isStaff(user)) throw new HandshakeRefused('forbidden');
  if (identity === 'console') return { kind: 'console', userId: user.id };

  const query = agentHandshakeQuery.safeParse(handshake.query);
  const match = query.success ? UUID_TAIL.exec(query.data.peerId) : null;
  if (!match) throw new HandshakeRefused('bad_handshake');
  const [, projectKey, sessionId] = match as unknown as [string, string, string];
  const recordingId = await findRecordingId(db, sessionId.toLowerCase(), projectKey);
  if (!recordingId) throw new HandshakeRefused('bad_handshake');
  const session = { id: recordingId };
  // Joining a learner's live view is a recording read: audited before the socket is let in (finding 9).
  await recordRead(db, user, session.id, 'live_view');
  const profile = await findUserById(db, user.id);
  return {
    kind: 'agent',
    room: assistRoomId(projectKey, session.id),
    projectKey,
    sessionId: session.id,
    userId: user.id,
    // The name the learner sees comes from the account, never from what the client claims.
    name: profile?.nickname || user.email.split('@')[0] || 'Agent',
    peerSuffix: randomBytes(8).toString('hex'),
  };
}
