import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeSockets, listeningApp } from '../../../test/assist-harness.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import {
  liveSession,
  maskedFrame,
  peerSocket,
  rawPeerSocket,
  seeded,
  socketClosed,
} from '../../../test/peer-harness.ts';
import { type DatabaseKind, databaseKinds, openTestDatabase } from '../../../test/test-databases.ts';

const TEXT = 0x1;
const BINARY = 0x2;
const CLOSE = 0x8;
const PING = 0x9;
const FRAMES = 120;
const SEED = Number(process.env.PEER_FUZZ_SEED ?? 18);

type Ids = { learnerId: string; agentId: string; attackerId: string };

/** One hostile frame (raw bytes after the handshake): oversize, bad UTF-8, binary, unknown types, forged ids, broken framing. */
function hostileFrame(r: ReturnType<typeof seeded>, ids: Ids): Buffer {
  const text = (s: string) => maskedFrame(TEXT, Buffer.from(s));
  const json = (v: unknown) => text(JSON.stringify(v));
  const forged = () =>
    r.pick<unknown>([
      ids.learnerId,
      ids.agentId,
      ids.attackerId,
      `${ids.learnerId}-canvas`,
      '',
      '__proto__',
      'x'.repeat(2000),
      5,
      null,
      {},
      ['a'],
    ]);
  switch (r.int(12)) {
    case 0:
      return maskedFrame(TEXT, Buffer.alloc(65 * 1024 + r.int(64 * 1024), 'a'));
    case 1:
      return maskedFrame(BINARY, r.bytes(70 * 1024 + r.int(1024)));
    case 2:
      return maskedFrame(TEXT, Buffer.concat([Buffer.from([0xff, 0xc3, 0x28]), r.bytes(r.int(64))]));
    case 3:
      return maskedFrame(BINARY, Buffer.from(JSON.stringify({ type: 'OFFER', dst: ids.learnerId })));
    case 4:
      return text(r.bytes(1 + r.int(200)).toString('latin1'));
    case 5:
      return text(r.pick(['null', '5', '"x"', '[]', 'true', '{', '{"type":', '']));
    case 6:
      return json({
        type: r.pick(['toString', '__proto__', 'constructor', 'OPEN', 'EXPIRE', 'ID-TAKEN', 'ERROR', 'X']),
        dst: forged(),
      });
    case 7:
      return json({
        type: r.pick(['OFFER', 'ANSWER', 'CANDIDATE', 'LEAVE']),
        src: forged(),
        dst: forged(),
        payload: r.pick([{ sdp: 'v=0', connectionId: 'mc_x' }, null, 'x', { candidate: {} }]),
      });
    case 8: {
      // Unmasked, reserved opcode, or RSV bits: protocol errors ws must refuse.
      const f = maskedFrame(r.pick([TEXT, 0x3, 0xb]), Buffer.from('{"type":"HEARTBEAT"}'));
      if (r.next() < 0.5) f[0] = (f[0] as number) | 0x40;
      else f[1] = (f[1] as number) & 0x7f;
      return f;
    }
    case 9:
      // A continuation with nothing to continue, or a fragment never finished before another text.
      return r.next() < 0.5
        ? maskedFrame(0x0, Buffer.from('tail'))
        : Buffer.concat([maskedFrame(TEXT, Buffer.from('{"ty'), false), text('{}')]);
    case 10:
      return maskedFrame(PING, r.bytes(126 + r.int(100)));
    default:
      return maskedFrame(CLOSE, Buffer.from([0x03, 0xe7])); // close code 999
  }
}

/** A well-formed close (1000): once the server closes back, every frame before it has been handled. */
const goodbye = () => {
  const body = Buffer.alloc(2);
  body.writeUInt16BE(1000);
  return maskedFrame(CLOSE, body);
};

describe.each(databaseKinds)('PeerJS frame fuzzer (%s)', (kind: DatabaseKind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let url: string;
  let staff: TestUser;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ({ app, url } = await listeningApp(database));
    staff = await createTestUser(app, { role: 'agent' });
  });
  afterEach(() => closeSockets());
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it(`${FRAMES} hostile frames from another session: the process stays up, the learner hears none, a real pair still exchanges an offer`, async () => {
    const live = await liveSession(app, url, staff.token);
    // The intruder is a genuine visitor of another session, with its own credential.
    const intruder = await liveSession(app, url, staff.token);
    const ids: Ids = { learnerId: live.learnerId, agentId: live.agentId, attackerId: intruder.learnerId };
    const learner = peerSocket(url, ids.learnerId, live.learnerToken);
    const agent = peerSocket(url, ids.agentId, live.agentToken);
    expect([await learner.first, await agent.first]).toEqual(['OPEN', 'OPEN']);

    const r = seeded(SEED);
    for (let i = 0; i < FRAMES; i += 1) {
      const raw = await rawPeerSocket(url, ids.attackerId, intruder.learnerToken);
      const closed = socketClosed(raw);
      raw.write(Buffer.concat([hostileFrame(r, ids), goodbye()]));
      await closed;
    }

    // Nothing the intruder wrote reached the learner or the agent of the other session.
    expect(learner.frames.map((f) => f.type)).toEqual(['OPEN']);
    expect(agent.frames.map((f) => f.type)).toEqual(['OPEN']);
    const offer = { type: 'OFFER', dst: ids.learnerId, payload: { sdp: 'v=0', connectionId: 'mc_1' } };
    agent.ws.send(JSON.stringify(offer));
    await expect
      .poll(() => learner.frames.find((f) => f.type === 'OFFER'))
      .toMatchObject({ ...offer, src: ids.agentId });
    learner.ws.send(JSON.stringify({ type: 'ANSWER', dst: ids.agentId, payload: { sdp: 'v=0' } }));
    await expect
      .poll(() => agent.frames.find((f) => f.type === 'ANSWER'))
      .toMatchObject({ src: ids.learnerId });
    expect((await fetch(`${url}/v1/health`)).status).toBe(200);
  });
});
