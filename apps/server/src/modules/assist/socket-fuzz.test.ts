import {
  AgentEvent,
  LIVE_SESSIONS_EVENT,
  PeerMessageType,
  ServerEvent,
  VisitorEvent,
} from '@atrium/protocol/assist';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentSocket,
  connected,
  consoleSocket,
  next,
  startTrackerSession,
  useRelayApp,
  visitorSocket,
} from '../../../test/assist-harness.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { type DatabaseKind, databaseKinds } from '../../../test/test-databases.ts';

/**
 * The socket fuzzer that stays (issue 18): every event name of the protocol, every Object.prototype name,
 * socket.io's reserved names and random strings, with structured and random payloads, from visitor, agent
 * and console sockets. The relay runs in this process: had any handler thrown past the guard, vitest
 * reports the uncaught error and the run fails; and another room must keep relaying both ways.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const EVENTS_PER_SOCKET = Number(process.env.FUZZ_EVENTS ?? 400);

function prng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4_294_967_296;
  };
}

const NAMES = [
  ...Object.keys(VisitorEvent),
  ...Object.keys(AgentEvent),
  ...Object.keys(ServerEvent),
  ...Object.values(PeerMessageType),
  LIVE_SESSIONS_EVENT,
  ...Object.getOwnPropertyNames(Object.prototype),
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'newListener',
  'removeListener',
  'error',
  'assist:grant',
  'assist:peer',
  'assist:recording-used',
  '',
  ' ',
  '\u0000',
  '🙂',
  'x'.repeat(5000),
];

function payloads(rand: () => number, tabId: string) {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
  const randomString = () =>
    Array.from({ length: Math.floor(rand() * 40) }, () =>
      String.fromCharCode(Math.floor(rand() * 0xffff)),
    ).join('');
  const scalar = () =>
    pick([
      () => null,
      () => undefined,
      () => rand() * 1e6 - 5e5,
      () => Number.MAX_SAFE_INTEGER,
      () => -0,
      () => true,
      randomString,
      () => 'x'.repeat(Math.floor(rand() * 70_000)),
      () => new Uint8Array(Math.floor(rand() * 2000)).fill(31),
    ])();
  const value = (depth: number): unknown => {
    if (depth > 3 || rand() < 0.4) return scalar();
    if (rand() < 0.5) return Array.from({ length: Math.floor(rand() * 6) }, () => value(depth + 1));
    const o: Record<string, unknown> = {};
    for (let i = 0; i < rand() * 5; i += 1)
      o[pick(['__proto__', 'constructor', 'toString', 'meta', 'data', 'tabId', randomString()])] = value(
        depth + 1,
      );
    return o;
  };
  const deep = () => {
    let v: unknown = 1;
    for (let i = 0; i < 500; i += 1) v = [v];
    return v;
  };
  // Structured: the protocol's envelope around plausible and implausible data; random: anything at all.
  return (): unknown[] =>
    pick([
      () => [{ meta: { tabId }, data: value(0) }],
      () => [{ meta: { tabId: pick([tabId, randomString(), '', 1, null]) }, data: [[0, 1]] }],
      () => [
        { meta: { tabId }, data: pick([[1, 2], [Number.NaN, 1], 'name', { streamId: 'x', enabled: true }]) },
      ],
      () => [{ meta: { tabId }, data: Array.from({ length: 21_000 }, () => [0]) }],
      () => [{ meta: value(1), data: value(0) }],
      () => [value(0)],
      () => [value(0), value(0), value(0)],
      () => [],
      () => [deep()],
      () => [new Uint8Array(5000).fill(255)],
    ])();
}

/** Sends one event by name, even a name socket.io-client refuses to emit (reserved), as a raw packet. */
/**
 * Opens a socket of a kind, waiting while the server refuses it as `rate_limited`: a session that flooded
 * owes bytes and is refused at the handshake until it has paid them back (ADR 0041) — the defence, not a
 * failure. Any other refusal fails the test.
 */
async function openWhenPaid(open: () => Socket): Promise<Socket> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const socket = open();
    try {
      await connected(socket);
      return socket;
    } catch (err) {
      socket.close();
      if ((err as Error).message !== 'rate_limited' || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 250)); // polling the debt: it is paid back at a byte rate
    }
  }
}

function send(socket: Socket, name: string, args: unknown[]) {
  const raw = socket as unknown as { packet: (p: { type: number; data: unknown[]; nsp: string }) => void };
  raw.packet({ type: 2, data: [name, ...args], nsp: '/' });
}

describe.each(databaseKinds)('assist socket fuzzer (%s)', (kind: DatabaseKind) => {
  const relay = useRelayApp(kind);
  let agent: TestUser;
  let calmStaff: TestUser;

  beforeAll(async () => {
    agent = await createTestUser(relay.app, { role: 'agent' });
    // Another account: a staff account's sockets share one byte budget, which the fuzzing agent spends.
    calmStaff = await createTestUser(relay.app, { role: 'agent' });
  }, 180_000);

  it(`survives every event name and payload from visitors, agents and consoles, and other rooms keep relaying (seed ${SEED})`, async () => {
    const rand = prng(SEED);
    const calm = await startTrackerSession(relay.app);
    const calmVisitor = visitorSocket(relay.url, calm);
    const calmAgent = agentSocket(relay.url, calm, calmStaff.token);
    await Promise.all([connected(calmVisitor), connected(calmAgent)]);

    const s = await startTrackerSession(relay.app);
    // A socket the server closes (a reserved name is a parse error, an overdrawn budget closes it) is
    // replaced by a fresh one of its kind, so the whole run reaches the handlers.
    const kinds = [
      () => visitorSocket(relay.url, s),
      () => agentSocket(relay.url, s, agent.token),
      () => consoleSocket(relay.url, agent.token),
    ];
    const fuzzers = kinds.map((open) => open());
    await Promise.all(fuzzers.map(connected));
    let answered = 0;
    const listen = (socket: Socket) => socket.on(ServerEvent.ASSIST_ERROR, () => (answered += 1));
    fuzzers.forEach(listen);
    let replaced = 0;
    const payload = payloads(rand, s.tabId);
    const names = [...NAMES, ...Array.from({ length: 40 }, () => rand().toString(36).slice(2))];

    for (let i = 0; i < EVENTS_PER_SOCKET; i += 1) {
      for (let k = 0; k < fuzzers.length; k += 1) {
        if (!fuzzers[k]!.connected) {
          const fresh = await openWhenPaid(kinds[k]!);
          listen(fresh);
          fuzzers[k] = fresh;
          replaced += 1;
        }
        try {
          send(fuzzers[k]!, names[Math.floor(rand() * names.length)]!, payload());
        } catch {
          // The client refused to encode it (e.g. too deep): nothing reached the server.
        }
      }
      // In steps the rate budget lets through, so the handlers really run rather than all being refused.
      if (i % 40 === 39) await new Promise((r) => setTimeout(r, 200));
    }
    // The relay answered the fuzz (unknown names, bad payloads) rather than going quiet.
    expect(answered).toBeGreaterThan(EVENTS_PER_SOCKET / 8);
    expect(replaced).toBeLessThan(EVENTS_PER_SOCKET * 3);

    // The other room still relays both ways, and the HTTP side answers.
    const batch = next<[{ data: unknown }]>(calmAgent, 'messages', 10_000);
    calmVisitor.emit('messages', { meta: { tabId: calm.tabId }, data: [[0, 42]] });
    expect((await batch)[0].data).toEqual([[0, 42]]);
    const ask = next<[string]>(calmVisitor, 'request_control', 10_000);
    calmAgent.emit('request_control', { meta: { tabId: calm.tabId }, data: null });
    expect((await ask)[0]).toBe(calmAgent.id);
    expect((await relay.app.inject({ url: '/v1/health' })).statusCode).toBe(200);
    // A new visitor can still join the fuzzed room, once what it flooded is paid back.
    await expect(openWhenPaid(() => visitorSocket(relay.url, s))).resolves.toBeDefined();
  }, 120_000);
});
