import { randomUUID } from 'node:crypto';
import { ASSIST_LIMITS, ServerEvent } from '@atrium/protocol/assist';
import type { Socket } from 'socket.io-client';
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

const disconnected = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

/** A batch of `bytes` characters of JSON, of the shape the plugin sends. */
const batchOf = (bytes: number) => [[0, 'x'.repeat(bytes)]];

describe.each(databaseKinds)('assist relay budgets (%s)', (kind: DatabaseKind) => {
  const relay = useRelayApp(kind, { ASSIST_MAX_SOCKETS_PER_SESSION: '4' });
  let agent: TestUser;

  beforeAll(async () => {
    agent = await createTestUser(relay.app, { role: 'agent', nickname: '小幫手阿明' });
    // An app booting on a shared, loaded two-core machine.
  }, 180_000);

  it('refuses a socket past the cap of one session token with too_many_sockets, and frees the place on close', async () => {
    const s = await startTrackerSession(relay.app);
    const tabs = [1, 2, 3, 4].map(() => visitorSocket(relay.url, s, { tabId: randomUUID() }));
    await Promise.all(tabs.map(connected));
    await expect(connected(visitorSocket(relay.url, s, { tabId: randomUUID() }))).rejects.toThrow(
      'too_many_sockets',
    );
    // Another learner's session is not affected.
    await expect(
      connected(visitorSocket(relay.url, await startTrackerSession(relay.app))),
    ).resolves.toBeUndefined();
    const gone = disconnected(tabs[0]!);
    tabs[0]!.disconnect();
    await gone;
    // The server learns of the close a moment later: retry until the place is given back.
    let reconnected = false;
    for (let i = 0; i < 50 && !reconnected; i += 1) {
      reconnected = await connected(visitorSocket(relay.url, s, { tabId: randomUUID() })).then(
        () => true,
        () => false,
      );
    }
    expect(reconnected).toBe(true);
  });

  it('closes only the socket that sends a frame over the limit, before relaying any of it', async () => {
    const s = await startTrackerSession(relay.app);
    const visitor = visitorSocket(relay.url, s);
    const a = agentSocket(relay.url, s, agent.token);
    await Promise.all([connected(visitor), connected(a)]);
    const other = visitorSocket(relay.url, s, { tabId: randomUUID() });
    await connected(other);

    let relayedBig = false;
    a.on('messages', (env: { data: unknown[][] }) => {
      if (JSON.stringify(env.data).length > 800_000) relayedBig = true;
    });
    const closed = disconnected(visitor);
    // The review's frame: 900 KB of JSON cost the main thread up to a second to parse.
    visitor.emit('messages', {
      meta: { tabId: s.tabId },
      data: batchOf(900_000),
    });
    expect(await closed).toBe('transport close');

    const small = next<[{ meta: { tabId: string } }]>(a, 'messages');
    other.emit('messages', { meta: { tabId: 'x' }, data: [[0, 1]] });
    expect((await small)[0].meta.tabId).not.toBe(s.tabId);
    expect(relayedBig).toBe(false);
    expect(a.connected).toBe(true);
  });

  it('closes a socket that keeps sending far past its byte budget, and keeps the room working', async () => {
    const s = await startTrackerSession(relay.app);
    const flooder = visitorSocket(relay.url, s);
    const a = agentSocket(relay.url, s, agent.token);
    await Promise.all([connected(flooder), connected(a)]);
    const codes: string[] = [];
    flooder.on(ServerEvent.ASSIST_ERROR, (e: { code: string }) => codes.push(e.code));
    let closedWith = '';
    const closed = disconnected(flooder).then((reason) => {
      closedWith = reason;
      return reason;
    });
    const frame = batchOf(ASSIST_LIMITS.maxFrameBytes - 10_000);
    // Up to sixteen bursts' worth of bytes, in rounds, until the server closes the socket.
    const rounds = Math.ceil((16 * ASSIST_LIMITS.burstBytes) / ASSIST_LIMITS.maxFrameBytes / 8);
    for (let i = 0; i < rounds && !closedWith; i += 1) {
      for (let j = 0; j < 8; j += 1) flooder.emit('messages', { meta: { tabId: s.tabId }, data: frame });
      await new Promise((r) => setImmediate(r));
    }
    expect(await closed).toBe('io server disconnect');
    expect(codes).toContain('rate_limited');

    const tab = visitorSocket(relay.url, s, { tabId: randomUUID() });
    await connected(tab);
    // The session may still owe bytes for a moment (the budget is the session's): it is told so, and the
    // same batch goes through once the debt is paid back.
    let relayed = false;
    for (let i = 0; i < 100 && !relayed; i += 1) {
      // The loser of the race times out later: caught, so it is no unhandled rejection.
      const heard = next<[{ data: unknown }]>(a, 'messages', 10_000).then(
        ([env]) => env.data,
        () => 'timeout',
      );
      const refused = next(tab, ServerEvent.ASSIST_ERROR, 10_000).then(
        () => 'refused',
        () => 'timeout',
      );
      tab.emit('messages', { meta: { tabId: 'x' }, data: [[0, 7]] });
      const outcome = await Promise.race([heard, refused]);
      relayed = outcome !== 'refused' && outcome !== 'timeout';
      if (relayed) expect(outcome).toEqual([[0, 7]]);
      else await new Promise((r) => setTimeout(r, 300));
    }
    expect(relayed).toBe(true);
    // The server must parse faster than the budget refills: slow on a shared, loaded machine.
  }, 120_000);
});

describe('assist relay sockets per address', () => {
  const relay = useRelayApp('pglite', { ASSIST_MAX_SOCKETS_PER_ADDRESS: '3' });

  it('refuses the socket past the cap of one address, whatever sessions they are for', async () => {
    const sockets = [];
    for (let i = 0; i < 3; i += 1)
      sockets.push(visitorSocket(relay.url, await startTrackerSession(relay.app)));
    await Promise.all(sockets.map(connected));
    await expect(connected(visitorSocket(relay.url, await startTrackerSession(relay.app)))).rejects.toThrow(
      'too_many_sockets',
    );
  });
});
