import { visitorPeerId } from '@atrium/protocol/assist';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  closeSockets,
  connected,
  listeningApp,
  startTrackerSession,
  visitorSocket,
} from '../../../test/assist-harness.ts';
import { maskedFrame, peerSocket, rawPeerSocket, socketClosed } from '../../../test/peer-harness.ts';
import { type DatabaseKind, databaseKinds, openTestDatabase } from '../../../test/test-databases.ts';

const TEXT = 0x1;

describe.each(databaseKinds)('PeerJS server against hostile frames (%s)', (kind: DatabaseKind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ({ app, url } = await listeningApp(database));
  });
  afterEach(() => closeSockets());
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** A live session with two peers of its room connected: the learner's tab and an agent. */
  async function livePair() {
    const s = await startTrackerSession(app);
    await connected(visitorSocket(url, s));
    const learnerId = visitorPeerId(s.projectKey, s.sessionId, s.tabId);
    const agentId = `${s.room}-${'cd34'.repeat(4)}`;
    const learner = peerSocket(url, learnerId, 't-learner');
    const agent = peerSocket(url, agentId, 't-agent');
    expect([await learner.first, await agent.first]).toEqual(['OPEN', 'OPEN']);
    return { s, learnerId, agentId, learner, agent };
  }

  async function offerArrives(pair: Awaited<ReturnType<typeof livePair>>) {
    const offer = { type: 'OFFER', dst: pair.learnerId, payload: { sdp: 'v=0', connectionId: 'mc_1' } };
    pair.agent.ws.send(JSON.stringify(offer));
    await expect
      .poll(() => pair.learner.frames.find((f) => f.type === 'OFFER'))
      .toMatchObject({ ...offer, src: pair.agentId });
  }

  it('a 70 KB frame closes only that socket; the server and the other peers carry on', async () => {
    const pair = await livePair();
    const s2 = await startTrackerSession(app);
    await connected(visitorSocket(url, s2));
    const raw = await rawPeerSocket(url, visitorPeerId(s2.projectKey, s2.sessionId, s2.tabId), 't-raw');
    raw.write(maskedFrame(TEXT, Buffer.alloc(70 * 1024, 'a')));
    await socketClosed(raw);
    await offerArrives(pair);
    expect((await fetch(`${url}/v1/health`)).status).toBe(200);
  });

  it('an 8-byte masked text frame of invalid UTF-8 closes only that socket', async () => {
    const pair = await livePair();
    const s2 = await startTrackerSession(app);
    await connected(visitorSocket(url, s2));
    const raw = await rawPeerSocket(url, visitorPeerId(s2.projectKey, s2.sessionId, s2.tabId), 't-raw');
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
