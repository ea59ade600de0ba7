import type { Server as HttpServer } from 'node:http';
import {
  AgentEvent,
  type AgentEventName,
  ASSIST_LIMITS,
  ASSIST_SOCKET_PATH,
  type AssistConfig,
  type AssistError,
  agentEventData,
  agentPeerId,
  CONTROL_EVENTS,
  LIVE_SESSIONS_EVENT,
  type LiveSession,
  PEER_KEY,
  PEER_PATH,
  ServerEvent,
  VisitorEvent,
  type VisitorEventName,
  visitorEventData,
} from '@atrium/protocol/assist';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type Socket, Server as SocketServer } from 'socket.io';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type AssistSocketData, authorizeSocket, HandshakeRefused } from './authorize-socket.ts';
import { ControlGrants } from './grants.ts';
import { SocketBudget } from './socket-budget.ts';

export interface AssistRelayOptions {
  server: HttpServer;
  db: Database;
  ingestSecret: string;
  iceServers: AssistConfig['iceServers'];
  redisUrl?: string;
  log: FastifyBaseLogger;
}

type AssistSocket = Socket<
  Record<string, never>,
  Record<string, never>,
  Record<string, never>,
  AssistSocketData
>;

const tabsRoom = (room: string) => `${room}:tabs`;
const tabRoom = (room: string, tabId: string) => `${room}:tab:${tabId}`;
const agentsRoom = (room: string) => `${room}:agents`;
const ALL_VISITORS = 'assist:visitors';
const ALL_AGENTS = 'assist:agents';
const CONSOLES = 'assist:consoles';

// `data` may be absent: an emit with undefined data arrives as `{ meta }` after JSON.
const envelope = z.object({
  meta: z.object({ tabId: z.string().min(1).max(200) }).loose(),
  data: z.unknown().optional(),
});

export interface LiveSessionsFilter {
  q?: string;
  userId?: string;
  projectKey?: string;
  active?: '0' | '1';
  limit: number;
}

/**
 * The socket.io relay of live assist (spec 2 §7, ADR 0030): one room per session `{projectKey}-{sessionId}`,
 * visitor tabs and agents inside it. Visitor events go to the session's agents; agent events go to the
 * one tab named in meta.tabId, with the agent's id in front (OpenReplay's argument order). The relay
 * never trusts a client for who it is: names, tab ids and grants come from the handshake and the
 * visitor's own answers.
 */
/**
 * The Redis clients of the socket.io adapter. Their errors are logged once per outage (unheard, every failed
 * reconnect is an unhandled error). If Redis cannot be reached at boot, this process serves assist on its own
 * (visitors and agents on it still meet) instead of refusing to start; it says so in the log.
 */
async function connectAdapterClients(url: string, log: FastifyBaseLogger) {
  const pub = new Redis(url, { lazyConnect: true, connectTimeout: 3000 });
  const sub = new Redis(url, { lazyConnect: true, connectTimeout: 3000 });
  let down = false;
  for (const client of [pub, sub]) {
    client.on('error', (err) => {
      if (down) return;
      down = true;
      log.warn({ err: { message: err.message } }, 'Redis unreachable: assist rooms are not shared');
    });
    client.on('ready', () => {
      down = false;
    });
  }
  try {
    await Promise.all([pub.connect(), sub.connect()]);
    return { pub, sub };
  } catch {
    pub.disconnect();
    sub.disconnect();
    log.warn('Redis not reachable at start: assist serves this process only until a restart');
    return null;
  }
}

export async function createAssistRelay(opts: AssistRelayOptions) {
  const io = new SocketServer(opts.server, {
    path: ASSIST_SOCKET_PATH,
    transports: ['websocket'],
    maxHttpBufferSize: ASSIST_LIMITS.maxFrameBytes,
    // Other upgrade paths on this server (PeerJS) must not be cut off by engine.io.
    destroyUpgrade: false,
    serveClient: false,
    cors: undefined,
  });
  const redis = opts.redisUrl ? await connectAdapterClients(opts.redisUrl, opts.log) : null;
  if (redis) {
    io.adapter(createAdapter(redis.pub, redis.sub, { key: 'atrium-assist', requestsTimeout: 3000 }));
  }
  const config: AssistConfig = { peer: { path: PEER_PATH, key: PEER_KEY }, iceServers: opts.iceServers };
  const grants = new ControlGrants();
  // While closing, sockets are dropped on purpose: nothing is announced to other processes any more.
  let closing = false;

  // Grants are shared between processes; `io.serverSideEmit` reaches every other process, not this one.
  function setGrant(room: string, tabId: string, agentId: string | null) {
    grants.set(room, tabId, agentId);
    if (redis) io.serverSideEmit('assist:grant', room, tabId, agentId);
  }
  function dropAgent(agentId: string) {
    grants.dropAgent(agentId);
    if (redis) io.serverSideEmit('assist:agent-gone', agentId);
  }
  io.on('assist:grant', (room: string, tabId: string, agentId: string | null) =>
    grants.set(room, tabId, agentId),
  );
  io.on('assist:agent-gone', (agentId: string) => grants.dropAgent(agentId));
  // PeerJS signalling for a peer on another process takes the same way (ADR 0031).
  let onPeerSignal: ((dst: string, frame: string) => void) | null = null;
  io.on('assist:peer', (dst: string, frame: string) => onPeerSignal?.(dst, frame));
  const peerSignals = redis
    ? {
        send: (dst: string, frame: string) => io.serverSideEmit('assist:peer', dst, frame),
        receive: (handler: (dst: string, frame: string) => void) => {
          onPeerSignal = handler;
        },
      }
    : null;

  // Consoles re-read the list on a change notice; notices for one session within 200 ms are merged.
  const pendingNotices = new Map<string, NodeJS.Timeout>();
  function notifyConsoles(sessionId: string) {
    if (pendingNotices.has(sessionId)) return;
    pendingNotices.set(
      sessionId,
      setTimeout(() => {
        pendingNotices.delete(sessionId);
        io.to(CONSOLES).emit(LIVE_SESSIONS_EVENT, { sessionId });
      }, 200),
    );
  }

  io.use(async (socket, next) => {
    try {
      socket.data = await authorizeSocket(opts.db, opts.ingestSecret, {
        query: socket.handshake.query,
        auth: socket.handshake.auth,
        headers: socket.handshake.headers,
      });
      // A cookie travels with cross-site WebSocket requests: staff signed in by cookie must come from this origin.
      if (socket.data.kind !== 'visitor' && typeof socket.handshake.auth.token !== 'string') {
        const origin = socket.handshake.headers.origin;
        const host = socket.handshake.headers.host;
        if (origin && host && new URL(origin).host !== host) throw new HandshakeRefused('forbidden');
      }
      next();
    } catch (error) {
      const refusal = error instanceof HandshakeRefused ? error : new HandshakeRefused('unauthorized');
      if (!(error instanceof HandshakeRefused)) opts.log.warn({ err: error }, 'assist handshake failed');
      const err = new Error(refusal.message) as Error & { data?: unknown };
      err.data = { code: refusal.code };
      next(err);
    }
  });

  io.on('connection', async (raw) => {
    const socket = raw as unknown as AssistSocket;
    const budget = new SocketBudget(
      socket.data.kind === 'visitor'
        ? ASSIST_LIMITS.visitorEventsPerSecond
        : ASSIST_LIMITS.agentEventsPerSecond,
      ASSIST_LIMITS.bytesPerSecond,
    );
    socket.conn.on('packet', (packet: { type: string; data?: unknown }) => {
      if (packet.type !== 'message') return;
      const d = packet.data;
      budget.spendBytes(typeof d === 'string' ? d.length : d instanceof Uint8Array ? d.byteLength : 0);
    });
    const refuse = (event: string, code: AssistError['code'], message: string) =>
      emitTo(socket, ServerEvent.ASSIST_ERROR, { event, code, message } satisfies AssistError);
    try {
      if (socket.data.kind === 'visitor') await onVisitor(socket, budget, refuse);
      else if (socket.data.kind === 'agent') await onAgent(socket, budget, refuse);
      else await socket.join(CONSOLES);
    } catch (error) {
      opts.log.warn({ err: error }, 'assist connection set-up failed');
      socket.disconnect(true);
    }
  });

  type Refuse = (event: string, code: AssistError['code'], message: string) => void;
  // Untyped emits: the event map of this relay is the protocol module, checked there.
  const emitTo = (target: { emit: (...a: never[]) => unknown }, ...args: unknown[]) =>
    (target.emit as (...a: unknown[]) => unknown)(...args);

  async function onVisitor(socket: AssistSocket, budget: SocketBudget, refuse: Refuse) {
    const data = socket.data as Extract<AssistSocketData, { kind: 'visitor' }>;
    const { room, tabId } = data;
    await socket.join([room, tabsRoom(room), tabRoom(room, tabId), ALL_VISITORS]);
    // Newest wins: a reload or reconnect of the same tab replaces a socket the server has not seen close
    // yet, on whichever process it is (the request also comes back to this one: hence the except).
    io.in(tabRoom(room, tabId)).except(socket.id).disconnectSockets(true);
    emitTo(socket, ServerEvent.ASSIST_CONFIG, config);
    const agents = await io.in(agentsRoom(room)).fetchSockets();
    if (agents.length > 0) {
      emitTo(
        socket,
        ServerEvent.AGENTS_CONNECTED,
        agents.map((a) => a.id),
      );
      emitTo(
        socket,
        ServerEvent.AGENTS_INFO_CONNECTED,
        agents.map((a) => ({ ...publicAgentInfo(a.data as AssistSocketData), agentId: a.id })),
      );
      emitTo(socket.to(agentsRoom(room)), ServerEvent.SESSION_RECONNECTED, socket.id);
    }
    notifyConsoles(data.sessionId);

    socket.onAny((event: string, ...args: unknown[]) => {
      if (!budget.takeEvent()) return refuse(event, 'rate_limited', 'too many events');
      if (!(event in VisitorEvent)) return refuse(event, 'bad_event', 'unknown event');
      const name = event as VisitorEventName;
      // OpenReplay's older trackers send bare data; wrap it the way its server does.
      const env = envelope.safeParse(args[0]);
      const payload = env.success ? env.data.data : args[0];
      const parsed = visitorEventData[name].safeParse(payload);
      if (!parsed.success) return refuse(event, 'bad_event', 'invalid payload');
      // The tab id is the handshake's: a visitor cannot speak for another tab.
      const out = { meta: { tabId }, data: parsed.data };
      if (name === 'control_granted' && typeof parsed.data === 'string') setGrant(room, tabId, parsed.data);
      if (name === 'control_rejected') {
        const holder = grants.get(room, tabId);
        if (!parsed.data || parsed.data === holder) setGrant(room, tabId, null);
      }
      if (name === 'UPDATE_SESSION') {
        const u = parsed.data as {
          pageTitle?: string;
          active?: boolean;
          url?: string;
          userID?: string | null;
        };
        if (u.pageTitle !== undefined) data.pageTitle = u.pageTitle;
        if (u.active !== undefined) data.active = u.active;
        if (u.url !== undefined) data.url = u.url;
        if (u.userID !== undefined) data.userId = u.userID;
        notifyConsoles(data.sessionId);
      }
      emitTo(socket.to(agentsRoom(room)), name, out);
    });

    socket.on('disconnect', async () => {
      if (closing) return;
      if (grants.get(room, tabId)) setGrant(room, tabId, null);
      notifyConsoles(data.sessionId);
      const tabs = await io
        .in(tabsRoom(room))
        .fetchSockets()
        .catch(() => [{}]);
      if (tabs.length === 0) emitTo(io.to(agentsRoom(room)), ServerEvent.SESSION_DISCONNECTED);
    });
  }

  function publicAgentInfo(d: AssistSocketData) {
    if (d.kind !== 'agent') return {};
    return { name: d.name, peerId: agentPeerId(d.projectKey, d.sessionId, d.peerSuffix) };
  }

  async function onAgent(socket: AssistSocket, budget: SocketBudget, refuse: Refuse) {
    const data = socket.data as Extract<AssistSocketData, { kind: 'agent' }>;
    const { room } = data;
    await socket.join([room, agentsRoom(room), ALL_AGENTS]);
    const tabs = await io.in(tabsRoom(room)).fetchSockets();
    const info = publicAgentInfo(data);
    emitTo(socket, ServerEvent.ASSIST_CONFIG, config);
    emitTo(socket, ServerEvent.AGENT_WELCOME, {
      agentId: socket.id,
      peerId: info.peerId,
      tabs: tabs.map((t) => {
        const v = t.data as Extract<AssistSocketData, { kind: 'visitor' }>;
        return { tabId: v.tabId, sessionInfo: { pageTitle: v.pageTitle, active: v.active, url: v.url } };
      }),
    });
    if (tabs.length === 0) emitTo(socket, ServerEvent.SESSION_DISCONNECTED);
    emitTo(socket.to(tabsRoom(room)), ServerEvent.NEW_AGENT, socket.id, info);
    notifyConsoles(data.sessionId);

    socket.onAny((event: string, ...args: unknown[]) => {
      if (!budget.takeEvent()) return refuse(event, 'rate_limited', 'too many events');
      if (!(event in AgentEvent)) return refuse(event, 'bad_event', 'unknown event');
      const name = event as AgentEventName;
      const env = envelope.safeParse(args[0]);
      if (!env.success) return refuse(event, 'bad_event', 'meta.tabId required');
      const parsed = agentEventData[name].safeParse(env.data.data);
      if (!parsed.success) return refuse(event, 'bad_event', 'invalid payload');
      const tabId = env.data.meta.tabId;
      if ((CONTROL_EVENTS as readonly string[]).includes(name) && grants.get(room, tabId) !== socket.id)
        return refuse(event, 'not_granted', 'remote control not granted');
      let payload: unknown = parsed.data;
      // The learner sees the account's name, whatever the agent's client says.
      if (name === '_agent_name' || name === 'request_control') payload = data.name;
      if (name === 'request_recording') payload = JSON.stringify({ name: data.name });
      if (name === 'release_control' && grants.get(room, tabId) === socket.id) setGrant(room, tabId, null);
      emitTo(io.to(tabRoom(room, tabId)), name, socket.id, { meta: { tabId }, data: payload });
    });

    socket.on('disconnect', async () => {
      if (closing) return;
      dropAgent(socket.id);
      emitTo(io.to(tabsRoom(room)), ServerEvent.AGENT_DISCONNECTED, socket.id);
      notifyConsoles(data.sessionId);
      // Another process not answering in time: say nothing rather than a wrong NO_AGENT.
      const agents = await io
        .in(agentsRoom(room))
        .fetchSockets()
        .catch(() => [{}]);
      if (agents.length === 0) emitTo(io.to(tabsRoom(room)), ServerEvent.NO_AGENT);
    });
  }

  /** Every live session on every process, grouped by session, newest first. */
  async function liveSessions(filter: LiveSessionsFilter): Promise<LiveSession[]> {
    const [visitors, agents] = await Promise.all([
      io.in(ALL_VISITORS).fetchSockets(),
      io.in(ALL_AGENTS).fetchSockets(),
    ]);
    const agentCount = new Map<string, number>();
    for (const a of agents) {
      const d = a.data as AssistSocketData;
      if (d.kind === 'agent') agentCount.set(d.room, (agentCount.get(d.room) ?? 0) + 1);
    }
    const byRoom = new Map<string, LiveSession>();
    for (const s of visitors) {
      const d = s.data as AssistSocketData;
      if (d.kind !== 'visitor') continue;
      const seen = byRoom.get(d.room);
      if (seen) {
        seen.tabs += 1;
        // The active tab speaks for the session.
        if (d.active && !seen.active)
          Object.assign(seen, { active: true, pageTitle: d.pageTitle, url: d.url });
        if (d.connectedAt < seen.connectedAt) seen.connectedAt = d.connectedAt;
        continue;
      }
      byRoom.set(d.room, {
        projectKey: d.projectKey,
        sessionId: d.sessionId,
        userId: d.userId,
        userUuid: d.userUuid,
        pageTitle: d.pageTitle,
        url: d.url,
        active: d.active,
        tabs: 1,
        agents: agentCount.get(d.room) ?? 0,
        connectedAt: d.connectedAt,
      });
    }
    const q = filter.q?.toLowerCase();
    return [...byRoom.values()]
      .filter((s) => !filter.projectKey || s.projectKey === filter.projectKey)
      .filter((s) => !filter.userId || s.userId === filter.userId)
      .filter((s) => !filter.active || s.active === (filter.active === '1'))
      .filter(
        (s) => !q || [s.userId, s.pageTitle, s.url, s.sessionId].some((v) => v?.toLowerCase().includes(q)),
      )
      .sort((a, b) => b.connectedAt.localeCompare(a.connectedAt))
      .slice(0, filter.limit);
  }

  /** True when some visitor tab or agent of this room is connected to any process. */
  async function roomIsLive(room: string): Promise<boolean> {
    return (await io.in(room).fetchSockets()).length > 0;
  }

  async function close() {
    closing = true;
    for (const t of pendingNotices.values()) clearTimeout(t);
    io.disconnectSockets(true);
    await new Promise<void>((resolve) => {
      // io.close() also closes the HTTP server, which Fastify closes itself: close only the engine.
      io.engine.close();
      resolve();
    });
    if (redis) await Promise.all([redis.pub.quit(), redis.sub.quit()]).catch(() => undefined);
  }

  return { io, config, liveSessions, roomIsLive, peerSignals, close };
}

export type AssistRelay = Awaited<ReturnType<typeof createAssistRelay>>;
