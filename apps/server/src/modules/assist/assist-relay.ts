import type { Server as HttpServer } from 'node:http';
import {
  ASSIST_LIMITS,
  ASSIST_SOCKET_PATH,
  type AssistConfig,
  PEER_KEY,
  PEER_PATH,
  visitorPeerId,
} from '@atrium/protocol/assist';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Server as SocketServer } from 'socket.io';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { relayAgent } from './agent-relay.ts';
import { type ActivityKind, createActivityLog } from './assist-activity.ts';
import {
  type AssistSocketData,
  authorizeSocket,
  HandshakeRefused,
  visitorSessionOf,
} from './authorize-socket.ts';
import { SharedByteBuckets } from './byte-bucket.ts';
import { clientAddressOf } from './client-address.ts';
import { createConsoleNotices } from './console-notices.ts';
import { ControlGrants } from './grants.ts';
import { HandshakeGate } from './handshake-gate.ts';
import { isRoomLive, type LiveSessionsFilter, listLiveSessions } from './live-sessions.ts';
import { roomOfPeerId } from './peer-frames.ts';
import { RecordingConsents } from './recording-consents.ts';
import { connectAdapterClients } from './redis-adapter-clients.ts';
import {
  type AssistIo,
  type AssistSocket,
  agentsRoom,
  CONSOLES,
  publicAgentInfo,
  type RelayContext,
  refuse,
  tabsRoom,
} from './relay-context.ts';
import { guarded } from './relay-guard.ts';
import { SessionSockets } from './session-sockets.ts';
import { SocketBudget } from './socket-budget.ts';
import { SocketCount } from './socket-count.ts';
import { relayVisitor } from './visitor-relay.ts';

export type { LiveSessionsFilter };

export interface AssistRelayOptions {
  server: HttpServer;
  db: Database;
  /** The database handle's kind: PGlite is held by this process alone (ADR 0011). */
  databaseKind: DatabaseHandle['kind'];
  ingestSecret: string;
  iceServers: AssistConfig['iceServers'];
  redisUrl?: string;
  /** This deployment's prefix of Redis keys and channels (config REDIS_KEY_PREFIX). */
  redisKeyPrefix?: string;
  log: FastifyBaseLogger;
  /** Told of each refused handshake, by its code ('too_many_handshakes' when refused before the upgrade). */
  onRefused?: (code: string) => void;
  /** Proxies whose X-Forwarded-For names the client (config TRUST_PROXY). */
  trustProxy: false | number | string[];
  limits: {
    maxSocketsPerSession: number;
    maxSocketsPerAddress: number;
    handshakesPerSecondPerAddress: number;
  };
}

/**
 * The socket.io relay of live assist (spec 2 §7, ADR 0030, trust model ADR 0041): one room per session
 * `{projectKey}-{sessionId}`, visitor tabs and agents inside it. This file puts the parts together: the
 * handshake (authorize-socket.ts), the visitor side (visitor-relay.ts), the agent side (agent-relay.ts),
 * the live list (live-sessions.ts), and what they share across processes (grants, peer signals).
 */
export async function createAssistRelay(opts: AssistRelayOptions) {
  const addressOf = clientAddressOf(opts.trustProxy);
  const rate = opts.limits.handshakesPerSecondPerAddress;
  const gate = new HandshakeGate(rate, rate * 10, addressOf);
  const io: AssistIo = new SocketServer(opts.server, {
    // Refused before the WebSocket upgrade: no socket, parser or database work for a refused client.
    allowRequest: (req, answer) => {
      const allowed = gate.allows(req);
      if (!allowed) opts.onRefused?.('too_many_handshakes');
      answer(allowed ? null : 'too many handshakes', allowed);
    },
    path: ASSIST_SOCKET_PATH,
    transports: ['websocket'],
    // Checked by engine.io before anything is parsed: a larger frame closes only its own socket.
    maxHttpBufferSize: ASSIST_LIMITS.maxFrameBytes,
    // No inflating of client frames: a small compressed frame could otherwise unpack to any size.
    perMessageDeflate: false,
    // Other upgrade paths on this server (PeerJS) must not be cut off by engine.io.
    destroyUpgrade: false,
    serveClient: false,
    cors: undefined,
  });
  const redis = opts.redisUrl ? await connectAdapterClients(opts.redisUrl, opts.log) : null;
  if (redis) {
    // The adapter's channels carry the prefix: another deployment on the same Redis hears none of them.
    const key = `${opts.redisKeyPrefix ?? ''}atrium-assist`;
    io.adapter(createAdapter(redis.pub, redis.sub, { key, requestsTimeout: 3000 }));
  }
  const config: AssistConfig = { peer: { path: PEER_PATH, key: PEER_KEY }, iceServers: opts.iceServers };
  const grants = new ControlGrants();
  const consents = new RecordingConsents();
  const notices = createConsoleNotices(io);
  const activity = createActivityLog(opts.db, opts.databaseKind, opts.log);
  // While closing, sockets are dropped on purpose: nothing is announced to other processes any more.
  let closing = false;

  // Grants are shared between processes; `io.serverSideEmit` reaches every other process, not this one.
  const ctx: RelayContext = {
    io,
    config,
    peerSecret: opts.ingestSecret,
    grants,
    log: opts.log,
    alone: !redis,
    setGrant(room, tabId, agentId) {
      const before = grants.get(room, tabId);
      grants.set(room, tabId, agentId);
      if (redis) io.serverSideEmit('assist:grant', room, tabId, agentId);
      // Control lasts from the learner's grant to its release, whichever side or cause ends it (ADR 0065).
      if (before && before !== agentId) activity.end(before, 'control');
      if (agentId && agentId !== before) activity.start(() => agentActivity(agentId, 'control', room, tabId));
    },
    dropAgent(agentId) {
      grants.dropAgent(agentId);
      if (redis) io.serverSideEmit('assist:agent-gone', agentId);
    },
    recordingRequested(room, tabId, agentSocketId, userId, sessionId) {
      consents.requested(room, tabId, agentSocketId, userId, sessionId);
      if (redis)
        io.serverSideEmit('assist:recording-requested', room, tabId, agentSocketId, userId, sessionId);
    },
    recordingAccepted(room, tabId, agentSocketId) {
      consents.accepted(room, tabId, agentSocketId);
      if (redis) io.serverSideEmit('assist:recording-accepted', room, tabId, agentSocketId);
    },
    notifyConsoles: notices.notify,
    closing: () => closing,
    activity,
  };

  /**
   * An activity of the agent socket `agentSocketId` (on any process) in `room`, or null when it is gone or
   * elsewhere: a tab's word names only agents of its own session.
   */
  async function agentActivity(agentSocketId: string, kind: ActivityKind, room: string, tabId: string) {
    const [agent] = await io.in(agentSocketId).fetchSockets();
    const d = agent?.data;
    if (d?.kind !== 'agent' || d.room !== room) return null;
    return { kind, sessionId: d.sessionId, agentId: d.userId, agentSocketId, tabId };
  }

  /**
   * The learner's tab answered an agent's PeerJS call (the peer server saw its media ANSWER): the call starts.
   * The answer names the agent's peer id; the socket holding that id is found in the room's agents.
   */
  function callAnswered(visitorPeer: string, agentPeer: string) {
    const room = roomOfPeerId(visitorPeer);
    if (!room) return;
    activity.start(async () => {
      const [agents, tabs] = await Promise.all([
        io.in(agentsRoom(room)).fetchSockets(),
        io.in(tabsRoom(room)).fetchSockets(),
      ]);
      const agent = agents.find((a) => publicAgentInfo(a.data).peerId === agentPeer);
      const tab = tabs.find(
        (t) =>
          t.data.kind === 'visitor' &&
          visitorPeerId(t.data.projectKey, t.data.sessionId, t.data.tabId) === visitorPeer,
      );
      if (!agent || !tab || tab.data.kind !== 'visitor') return null;
      return agentActivity(agent.id, 'call', room, tab.data.tabId);
    });
  }
  io.on('assist:grant', (room, tabId, agentId) => grants.set(room, tabId, agentId));
  io.on('assist:agent-gone', (agentId) => grants.dropAgent(agentId));
  io.on('assist:recording-requested', (room, tabId, agentSocketId, userId, sessionId) =>
    consents.requested(room, tabId, agentSocketId, userId, sessionId),
  );
  io.on('assist:recording-accepted', (room, tabId, agentSocketId) =>
    consents.accepted(room, tabId, agentSocketId),
  );
  io.on('assist:recording-used', (sessionId, userId) => consents.take(sessionId, userId));
  /** Spends one recording the learner accepted for this agent account and session (finding 13). */
  function takeRecordingConsent(sessionId: string, userId: string): boolean {
    if (!consents.take(sessionId, userId)) return false;
    if (redis) io.serverSideEmit('assist:recording-used', sessionId, userId);
    return true;
  }
  // PeerJS signalling for a peer on another process takes the same way (ADR 0031).
  let onPeerSignal: ((dst: string, frame: string) => void) | null = null;
  io.on('assist:peer', (dst, frame) => onPeerSignal?.(dst, frame));
  const peerSignals = redis
    ? {
        send: (dst: string, frame: string) => io.serverSideEmit('assist:peer', dst, frame),
        receive: (handler: (dst: string, frame: string) => void) => {
          onPeerSignal = handler;
        },
      }
    : null;

  const perAddress = new SocketCount(opts.limits.maxSocketsPerAddress);
  const perSession = new SocketCount(opts.limits.maxSocketsPerSession);
  const sessionBytes = new SharedByteBuckets(ASSIST_LIMITS.bytesPerSecond, ASSIST_LIMITS.burstBytes);
  const sessionKey = (d: AssistSocketData) =>
    d.kind === 'visitor' ? `session:${d.sessionId}` : `user:${d.userId}`;

  io.use(async (socket, next) => {
    try {
      // Places are taken before any database work and given back when the connection closes, however it does.
      const releases: (() => void)[] = [];
      const giveBack = () => {
        for (const release of releases.splice(0)) release();
      };
      socket.conn.once('close', giveBack);
      const take = (count: SocketCount, key: string) => {
        const release = count.take(key);
        if (!release) {
          giveBack();
          throw new HandshakeRefused('too_many_sockets');
        }
        releases.push(release);
      };
      take(perAddress, addressOf(socket.request));
      const handshake = {
        query: socket.handshake.query,
        auth: socket.handshake.auth,
        headers: socket.handshake.headers,
      };
      // A session that still owes bytes is refused before any database work: a flooder closed for its
      // debt gets no fresh connection (and no fresh burst) by reconnecting until the debt is paid back.
      const claimed = visitorSessionOf(opts.ingestSecret, handshake);
      if (claimed && sessionBytes.owes(`session:${claimed}`)) throw new HandshakeRefused('rate_limited');
      socket.data = await authorizeSocket(opts.db, opts.ingestSecret, handshake);
      // A cookie travels with cross-site WebSocket requests: staff signed in by cookie must come from this origin.
      if (socket.data.kind !== 'visitor' && typeof socket.handshake.auth.token !== 'string') {
        const origin = socket.handshake.headers.origin;
        const host = socket.handshake.headers.host;
        if (origin && host && new URL(origin).host !== host) throw new HandshakeRefused('forbidden');
      }
      const d = socket.data;
      if (sessionBytes.owes(sessionKey(d))) throw new HandshakeRefused('rate_limited');
      take(perSession, sessionKey(d));
      // The connection went away while the handshake was checked: its close already gave back what it held.
      if (socket.conn.readyState !== 'open') giveBack();
      next();
    } catch (error) {
      const refusal = error instanceof HandshakeRefused ? error : new HandshakeRefused('unauthorized');
      if (!(error instanceof HandshakeRefused)) opts.log.warn({ err: error }, 'assist handshake failed');
      opts.onRefused?.(refusal.code);
      const err = new Error(refusal.message) as Error & { data?: unknown };
      err.data = { code: refusal.code };
      next(err);
    }
  });

  const sessionSockets = new SessionSockets(ASSIST_LIMITS.maxHeldMsPerMinute);

  io.on('connection', (socket: AssistSocket) => {
    // Bytes are the session's (or staff account's), shared by all its sockets; events are each socket's.
    const key = sessionKey(socket.data);
    const bytes = sessionBytes.take(key);
    const remove = sessionSockets.add(key, socket);
    socket.conn.once('close', () => {
      bytes.release();
      remove();
    });
    const budget = new SocketBudget(
      socket.data.kind === 'visitor'
        ? ASSIST_LIMITS.visitorEventsPerSecond
        : ASSIST_LIMITS.agentEventsPerSecond,
      bytes.bucket,
    );
    // Frames are paid for here, before socket.io parses them. A session that owes bytes is not read until
    // it has paid them back (its frames wait in TCP at the client); one that still owes more than a whole
    // burst (frames already in flight) or keeps sending while held is cut off, and refused at the handshake
    // until it has paid.
    socket.conn.on('packet', (packet: { type: string; data?: unknown }) => {
      if (packet.type !== 'message') return;
      const d = packet.data;
      budget.spendBytes(typeof d === 'string' ? d.length : d instanceof Uint8Array ? d.byteLength : 0);
      if ((budget.overdrawn() || sessionSockets.overHeld(key)) && socket.connected) {
        if (socket.data.kind === 'visitor') gate.refuseWhileOwing(socket.data.sessionId, bytes.bucket);
        sessionSockets.cutOff(key, 'too much data: the connection is closed');
      } else if (bytes.bucket.inDebt()) {
        if (!sessionSockets.held(key))
          refuse(socket, 'frame', 'rate_limited', 'too much data: reading pauses until the budget refills');
        sessionSockets.hold(key, bytes.bucket.msUntilPaid());
      }
    });
    guarded(opts.log, socket, 'connection', async () => {
      try {
        if (socket.data.kind === 'visitor') await relayVisitor(ctx, socket, budget);
        else if (socket.data.kind === 'agent') await relayAgent(ctx, socket, budget);
        else await socket.join(CONSOLES);
      } catch (error) {
        socket.disconnect(true);
        throw error;
      }
    });
  });

  async function close() {
    closing = true;
    notices.close();
    // This process's agents are leaving with it: what they were doing ends now, not never.
    const here = [...io.of('/').sockets.values()].filter((s) => s.data.kind === 'agent').map((s) => s.id);
    await activity.endAll(here);
    io.disconnectSockets(true);
    // io.close() also closes the HTTP server, which Fastify closes itself: close only the engine.
    io.engine.close();
    if (redis) await Promise.all([redis.pub.quit(), redis.sub.quit()]).catch(() => undefined);
  }

  return {
    io,
    config,
    liveSessions: (filter: LiveSessionsFilter) => listLiveSessions(io, filter),
    roomIsLive: (room: string) => isRoomLive(io, room),
    peerSignals,
    takeRecordingConsent,
    callAnswered,
    /** Resolves once the activity asked for so far is written (tests). */
    activitySettled: activity.settled,
    close,
  };
}

export type AssistRelay = Awaited<ReturnType<typeof createAssistRelay>>;
