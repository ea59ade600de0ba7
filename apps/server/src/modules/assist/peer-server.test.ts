import { canvasPeerId } from '@atrium/protocol/assist';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeSockets, listeningApp } from '../../../test/assist-harness.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import {
  liveSession,
  maskedFrame,
  peerSocket,
  rawPeerSocket,
  socketClosed,
} from '../../../test/peer-harness.ts';
import { type DatabaseKind, databaseKinds, openTestDatabase } from '../../../test/test-databases.ts';
import { signPeerCredential } from './peer-credential.ts';

const TEXT = 0x1;

describe.each(databaseKinds)('PeerJS server (%s)', (kind: DatabaseKind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let url: string;
  let staff: TestUser;
  const opened: { ws: { close(): void } }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ({ app, url } = await listeningApp(database));
    staff = await createTestUser(app, { role: 'agent', nickname: '客服阿哲' });
  });
  afterEach(() => {
    for (const p of opened.splice(0)) p.ws.close();
    closeSockets();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const peer = (id: string, token: string) => {
    const p = peerSocket(url, id, token);
    opened.push(p);
    return p;
  };

  /** A live session whose learner and agent have both opened their PeerJS sockets with their credentials. */
  async function livePair() {
    const live = await liveSession(app, url, staff.token);
    const learner = peer(live.learnerId, live.learnerToken);
    const agent = peer(live.agentId, live.agentToken);
    expect([await learner.first, await agent.first]).toEqual(['OPEN', 'OPEN']);
    return { ...live, learner, agent };
  }

  async function offerArrives(pair: Awaited<ReturnType<typeof livePair>>) {
    const offer = { type: 'OFFER', dst: pair.learnerId, payload: { sdp: 'v=0', connectionId: 'mc_1' } };
    pair.agent.ws.send(JSON.stringify(offer));
    await expect
      .poll(() => pair.learner.frames.find((f) => f.type === 'OFFER'))
      .toMatchObject({ ...offer, src: pair.agentId });
  }

  describe('hostile frames', () => {
    it('a 70 KB frame closes only that socket; the server and the other peers carry on', async () => {
      const pair = await livePair();
      const other = await liveSession(app, url, staff.token);
      const raw = await rawPeerSocket(url, other.learnerId, other.learnerToken);
      raw.write(maskedFrame(TEXT, Buffer.alloc(70 * 1024, 'a')));
      await socketClosed(raw);
      await offerArrives(pair);
      expect((await fetch(`${url}/v1/health`)).status).toBe(200);
    });

    it('an 8-byte masked text frame of invalid UTF-8 closes only that socket', async () => {
      const pair = await livePair();
      const other = await liveSession(app, url, staff.token);
      const raw = await rawPeerSocket(url, other.learnerId, other.learnerToken);
      raw.write(maskedFrame(TEXT, Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28])));
      await socketClosed(raw);
      await offerArrives(pair);
      expect((await fetch(`${url}/v1/health`)).status).toBe(200);
    });

    it('a text frame that is not JSON is dropped; the peer that sent it stays connected', async () => {
      const pair = await livePair();
      pair.learner.ws.send('not json {');
      pair.learner.ws.send('null');
      await offerArrives(pair);
      expect(pair.learner.ws.readyState).toBe(pair.learner.ws.OPEN);
    });
  });

  describe('peer credentials', () => {
    it('a forger who knows the session id and tab id cannot take the learner’s peer id, before or after the learner', async () => {
      const live = await liveSession(app, url, staff.token);
      const forged = [
        't',
        '',
        // Another peer's genuine credentials: the agent's, and the learner's own for the agent's id.
        live.agentToken,
        signPeerCredential('another-secret-of-at-least-32-characters!', 'v', live.learnerId),
        signPeerCredential(app.config.ingest.secret, 'v', live.learnerId, Date.now() - 25 * 3_600_000),
      ];
      for (const token of forged) expect(await peer(live.learnerId, token).first).toBe('HTTP 403');

      // The learner registers with the relay's credential and gets the agent's offer; forgers still cannot.
      const learner = peer(live.learnerId, live.learnerToken);
      const agent = peer(live.agentId, live.agentToken);
      expect([await learner.first, await agent.first]).toEqual(['OPEN', 'OPEN']);
      for (const token of forged) expect(await peer(live.learnerId, token).first).toBe('HTTP 403');
      await offerArrives({ ...live, learner, agent });
      expect(await peer(live.agentId, live.learnerToken).first).toBe('HTTP 403');
    });

    it('an agent’s credential opens its own id and its canvas peer, nothing else of the room', async () => {
      const live = await liveSession(app, url, staff.token);
      expect(await peer(canvasPeerId(live.agentId), live.agentToken).first).toBe('OPEN');
      expect(await peer(canvasPeerId(live.learnerId), live.learnerToken).first).toBe('HTTP 403');
      expect(await peer(`${live.s.room}-${'ab12'.repeat(4)}`, live.agentToken).first).toBe('HTTP 403');
    });

    it('a credential opens nothing once its session has no socket in the relay', async () => {
      const live = await liveSession(app, url, staff.token);
      live.visitor.disconnect();
      live.agent.disconnect();
      await expect.poll(() => peer(live.learnerId, live.learnerToken).first).toBe('HTTP 403');
    });
  });
});
