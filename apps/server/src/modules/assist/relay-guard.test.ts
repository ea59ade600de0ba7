import { createServer } from 'node:http';
import { ServerEvent } from '@atrium/protocol/assist';
import pino from 'pino';
import { Server as SocketServer } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentSocket,
  connected,
  next,
  startTrackerSession,
  useRelayApp,
  visitorSocket,
} from '../../../test/assist-harness.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { type DatabaseKind, databaseKinds } from '../../../test/test-databases.ts';
import type { AssistSocket } from './relay-context.ts';
import { guarded } from './relay-guard.ts';

// Names `in` finds on every object: each once crashed the whole server from one socket (issue 18, finding 1).
const PROTOTYPE_NAMES = [
  'toString',
  'valueOf',
  'constructor',
  'hasOwnProperty',
  '__proto__',
  'isPrototypeOf',
];

describe.each(databaseKinds)('assist relay against hostile event names (%s)', (kind: DatabaseKind) => {
  const relay = useRelayApp(kind);
  let agent: TestUser;

  beforeAll(async () => {
    agent = await createTestUser(relay.app, { role: 'agent', nickname: '小幫手阿明' });
  });

  it('answers Object.prototype event names from visitors and agents with ASSIST_ERROR, and other rooms keep relaying', async () => {
    const s = await startTrackerSession(relay.app);
    const visitor = visitorSocket(relay.url, s);
    const a = agentSocket(relay.url, s, agent.token);
    await Promise.all([connected(visitor), connected(a)]);
    const other = await startTrackerSession(relay.app);
    const otherVisitor = visitorSocket(relay.url, other);
    const otherAgent = agentSocket(relay.url, other, agent.token);
    await Promise.all([connected(otherVisitor), connected(otherAgent)]);
    const meta = { tabId: s.tabId };

    for (const name of PROTOTYPE_NAMES) {
      const fromVisitor = next<[{ event: string; code: string }]>(visitor, ServerEvent.ASSIST_ERROR);
      visitor.emit(name, { meta, data: 1 });
      expect((await fromVisitor)[0]).toMatchObject({ event: name, code: 'bad_event' });
      const fromAgent = next<[{ event: string; code: string }]>(a, ServerEvent.ASSIST_ERROR);
      a.emit(name, { meta, data: 1 });
      expect((await fromAgent)[0]).toMatchObject({ event: name, code: 'bad_event' });
    }

    // The server is still up: the other room relays both ways, and HTTP answers.
    const batch = next<[{ data: unknown }]>(otherAgent, 'messages');
    otherVisitor.emit('messages', { meta: { tabId: other.tabId }, data: [[0, 1]] });
    expect((await batch)[0].data).toEqual([[0, 1]]);
    const call = next<[string]>(otherVisitor, 'request_control');
    otherAgent.emit('request_control', { meta: { tabId: other.tabId }, data: null });
    expect((await call)[0]).toBe(otherAgent.id);
    expect((await fetch(`${relay.url}/v1/health`)).status).toBe(200);
    // And the sockets that sent them still work too.
    const own = next<[{ data: unknown }]>(a, 'messages');
    visitor.emit('messages', { meta, data: [[0, 2]] });
    expect((await own)[0].data).toEqual([[0, 2]]);
  });
});

describe('guarded relay handlers', () => {
  it('turn a handler that throws or rejects into ASSIST_ERROR server_error for the sender only', async () => {
    const server = createServer();
    const io = new SocketServer(server, { transports: ['websocket'] });
    io.on('connection', (raw) => {
      const socket = raw as unknown as AssistSocket;
      socket.data = { kind: 'console', userId: 'u' };
      const log = pino({ level: 'silent' });
      socket.on('throws' as never, () =>
        guarded(log, socket, 'throws', () => {
          throw new Error('boom');
        }),
      );
      socket.on('rejects' as never, () =>
        guarded(log, socket, 'rejects', async () => {
          throw new Error('later boom');
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true });
    try {
      const thrown = next<[{ event: string; code: string }]>(client, ServerEvent.ASSIST_ERROR);
      client.emit('throws');
      expect((await thrown)[0]).toMatchObject({ event: 'throws', code: 'server_error' });
      const rejected = next<[{ event: string; code: string }]>(client, ServerEvent.ASSIST_ERROR);
      client.emit('rejects');
      expect((await rejected)[0]).toMatchObject({ event: 'rejects', code: 'server_error' });
      expect(client.connected).toBe(true);
    } finally {
      client.disconnect();
      io.close();
    }
  });
});
