import { randomUUID } from 'node:crypto';
import { ASSIST_SOCKET_PATH, assistRoomId, visitorPeerId } from '@atrium/protocol/assist';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { PORTAL_PROJECT } from '../src/db/seed/seed-ingest.ts';
import { type DatabaseKind, openTestDatabase } from './test-databases.ts';
import { trackerStartBody } from './tracker-start-body.ts';

/** The real app listening on a random loopback port (the relay needs a real HTTP server). */
export async function listeningApp(database: DatabaseHandle, env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    PORT: '0',
    RATE_LIMIT_DISABLED: 'true',
    ...env,
  });
  const app = await buildApp(config, { database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}` };
}

/**
 * A describe block's relay: its own test database and listening app (opened before its tests, closed after),
 * and the test sockets closed after each test. Read `app`/`url` inside tests and hooks, once opened.
 */
export function useRelayApp(kind: DatabaseKind, env: Record<string, string> = {}) {
  const relay = {} as { database: DatabaseHandle; app: FastifyInstance; url: string };
  beforeAll(async () => {
    relay.database = await openTestDatabase(kind);
    Object.assign(relay, await listeningApp(relay.database, env));
  }, 180_000);
  afterEach(() => closeSockets());
  afterAll(async () => {
    await relay.app?.close();
    await relay.database?.close();
  });
  return relay;
}

/** Starts a tracker session through the real ingest call, as the tracker does. */
export async function startTrackerSession(app: FastifyInstance) {
  const tabId = randomUUID();
  const res = await app.inject({
    method: 'POST',
    url: '/ingest/v1/web/start',
    payload: trackerStartBody({
      userID: 'learner-1',
      width: 1280,
      height: 800,
      url: 'http://portal.test/learn',
      tabId,
    }),
  });
  if (res.statusCode !== 200) throw new Error(`start failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; sessionID: string };
  return {
    token: body.token,
    sessionId: body.sessionID,
    tabId,
    projectKey: PORTAL_PROJECT.key as string,
    room: assistRoomId(PORTAL_PROJECT.key, body.sessionID),
  };
}

type Session = Awaited<ReturnType<typeof startTrackerSession>>;
const opened: Socket[] = [];

export function visitorSocket(
  url: string,
  s: Session,
  over: { token?: string; tabId?: string; peerId?: string; legacy?: boolean } = {},
) {
  const tabId = over.tabId ?? s.tabId;
  // As the tracker-assist plugin connects: the learner's id in `auth` with the token, never in the URL.
  // `legacy`: as a tracker cached from before ADR 0077 did, the id in the query's sessionInfo.
  const userID = 'learner-1';
  const socket = io(url, {
    path: ASSIST_SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: over.token === '' ? {} : { token: over.token ?? s.token, ...(over.legacy ? {} : { userID }) },
    query: {
      peerId: over.peerId ?? visitorPeerId(s.projectKey, s.sessionId, tabId),
      identity: 'session',
      tabId,
      sessionInfo: JSON.stringify({
        pageTitle: '課程首頁',
        active: true,
        ...(over.legacy ? { userID } : {}),
      }),
    },
  });
  opened.push(socket);
  return socket;
}

export function agentSocket(url: string, s: Pick<Session, 'room'>, token?: string) {
  const socket = io(url, {
    path: ASSIST_SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: token ? { token } : {},
    query: { peerId: s.room, identity: 'agent', agentInfo: JSON.stringify({ name: 'spoofed' }) },
  });
  opened.push(socket);
  return socket;
}

export function consoleSocket(url: string, token: string) {
  const socket = io(url, {
    path: ASSIST_SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
    query: { identity: 'console' },
  });
  opened.push(socket);
  return socket;
}

export function closeSockets() {
  for (const s of opened.splice(0)) s.disconnect();
}

/** Resolves with the arguments of the next `event`, or rejects after `ms`. */
export function next<T extends unknown[] = unknown[]>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (...args: unknown[]) => {
      clearTimeout(timer);
      resolve(args as T);
    });
  });
}

/** Resolves true if `event` arrives within `ms`, false otherwise. */
export function arrives(socket: Socket, event: string, ms = 400): Promise<boolean> {
  return next(socket, event, ms).then(
    () => true,
    () => false,
  );
}

/**
 * How many `event`s `listener` heard while `act()` ran, read without a fixed wait: afterwards `agent` sends
 * `_agent_name` to `tabId`, which every agent may send and which takes the same path (the agent's socket, the
 * relay, the tab's socket, in order), so anything `act()` got through would have arrived before it.
 */
export async function eventsBefore(
  listener: Socket,
  event: string,
  agent: Socket,
  tabId: string,
  act: () => void,
): Promise<number> {
  let heard = 0;
  const count = () => {
    heard += 1;
  };
  listener.on(event, count);
  const later = next(listener, '_agent_name');
  act();
  agent.emit('_agent_name', { meta: { tabId }, data: 'later' });
  await later;
  listener.off(event, count);
  return heard;
}

/** Resolves once `condition()` holds (checked every few ms), or rejects after `ms`. */
export async function until(condition: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Resolves once connected, or rejects with the server's refusal code. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err: Error & { data?: { code?: string } }) =>
      reject(new Error(err.data?.code ?? err.message)),
    );
  });
}
