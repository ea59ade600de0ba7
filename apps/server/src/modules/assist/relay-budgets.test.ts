import { randomUUID } from 'node:crypto';
import { ASSIST_LIMITS, ServerEvent } from '@atrium/protocol/assist';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('holds, then cuts off a session that keeps sending far past its byte budget, and keeps the room working', async () => {
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
    // Sixteen bursts' worth of bytes, in rounds: the server stops reading (the frames wait at the client)
    // as soon as the session owes, and cuts it off once it has been held for most of a minute.
    const rounds = Math.ceil((16 * ASSIST_LIMITS.burstBytes) / ASSIST_LIMITS.maxFrameBytes / 8);
    for (let i = 0; i < rounds && !closedWith; i += 1) {
      for (let j = 0; j < 8; j += 1) flooder.emit('messages', { meta: { tabId: s.tabId }, data: frame });
      await new Promise((r) => setImmediate(r));
    }
    // Cut without a closing handshake: frames in flight are dropped unread.
    expect(await closed).toBe('transport close');
    expect(codes).toContain('rate_limited');

    // While the session still owes, a new socket on its token is refused before the WebSocket opens (the
    // peerId names the cut-off session) or at the handshake; once paid back it is let in, and relays.
    let refusals = 0;
    let tab: Socket | null = null;
    for (let i = 0; i < 200 && !tab; i += 1) {
      const attempt = visitorSocket(relay.url, s, { tabId: randomUUID() });
      tab = await connected(attempt).then(
        () => attempt,
        () => {
          refusals += 1;
          attempt.close();
          return null;
        },
      );
      if (!tab) await new Promise((r) => setTimeout(r, 100));
    }
    expect(refusals).toBeGreaterThan(0);
    expect(tab).not.toBeNull();
    const heard = next<[{ data: unknown }]>(a, 'messages', 10_000);
    tab!.emit('messages', { meta: { tabId: 'x' }, data: [[0, 7]] });
    expect((await heard)[0].data).toEqual([[0, 7]]);
  }, 120_000);

  it("stops reading a session that owes instead of dropping its frames, and another room's messages go on", async () => {
    const s = await startTrackerSession(relay.app);
    const flooder = visitorSocket(relay.url, s);
    const other = await startTrackerSession(relay.app);
    const learner = visitorSocket(relay.url, other);
    const helper = agentSocket(relay.url, other, agent.token);
    const flooderAgent = agentSocket(relay.url, s, agent.token);
    await Promise.all([connected(flooder), connected(learner), connected(helper), connected(flooderAgent)]);
    const codes: string[] = [];
    flooder.on(ServerEvent.ASSIST_ERROR, (e: { code: string }) => codes.push(e.code));
    // Two and a half bursts' worth at once: the first burst is read, then the session owes and is not read
    // until it has paid back; its frames wait at the client (read on, it would owe more than a burst and be
    // closed).
    const frame = batchOf(ASSIST_LIMITS.maxFrameBytes - 10_000);
    const frames = Math.ceil((2.5 * ASSIST_LIMITS.burstBytes) / ASSIST_LIMITS.maxFrameBytes);
    let relayed = 0;
    flooderAgent.on('messages', () => {
      relayed += 1;
    });
    for (let i = 0; i < frames; i += 1) flooder.emit('messages', { meta: { tabId: s.tabId }, data: frame });
    await vi.waitFor(() => expect(codes).toContain('rate_limited'), { timeout: 30_000 });
    const heard = next<[{ data: unknown }]>(helper, 'messages', 10_000);
    learner.emit('messages', { meta: { tabId: other.tabId }, data: [[0, 'other room']] });
    expect((await heard)[0].data).toEqual([[0, 'other room']]);
    // Slowed down, as TCP would, not thrown out: every frame is read in the end, at the budget's pace.
    const pending = () => (flooder.io.engine as unknown as { writeBuffer: unknown[] }).writeBuffer.length;
    await vi.waitFor(() => expect(pending()).toBe(0), { timeout: 60_000 });
    expect(flooder.connected).toBe(true);
    // Frames read after the debt was paid are relayed (only those in flight when it began are refused).
    await vi.waitFor(() => expect(relayed).toBeGreaterThan(frames / 2), { timeout: 30_000 });
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

describe('assist relay handshakes per address', () => {
  const relay = useRelayApp('pglite', { ASSIST_HANDSHAKES_PER_SECOND_PER_ADDRESS: '1' });

  it('refuses handshakes past the rate of one address before the WebSocket opens', async () => {
    const s = await startTrackerSession(relay.app);
    // A burst of ten seconds' worth (10), then one a second: of 16 at once, some are refused.
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const socket = visitorSocket(relay.url, s, { tabId: randomUUID() });
        return connected(socket).then(
          () => 'open',
          (e: Error) => e.message,
        );
      }),
    );
    // Ten, and one more per second the attempts took on a slow machine.
    expect(outcomes.filter((o) => o === 'open').length).toBeLessThanOrEqual(12);
    // Refused at the upgrade: the client sees the WebSocket fail, not a socket.io refusal.
    expect(outcomes).toContain('websocket error');
  });
});
