import { ServerEvent, visitorPeerId } from '@atrium/protocol/assist';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  agentSocket,
  closeSockets,
  connected,
  eventsBefore,
  listeningApp,
  next,
  startTrackerSession,
  visitorSocket,
} from '../../../test/assist-harness.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { redisAnswers, redisTestUrl } from '../../../test/redis-available.ts';
import { openTestDatabase } from '../../../test/test-databases.ts';
import { signPeerCredential } from './peer-credential.ts';

const redisUrl = redisTestUrl;
const available = await redisAnswers();
if (!available && process.env.CI) throw new Error(`Redis is required in CI (${redisUrl})`);

type Meta = { tabId: string };

/**
 * Clicks until one reaches the visitor: the grant is made on the tab's process and reaches the agent's
 * through Redis, and until then the agent's process refuses the click (ASSIST_ERROR not_granted).
 */
async function untilClickPasses(agent: Socket, visitor: Socket, meta: Meta, ms = 5000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const click = next<[string, { data: number[] }]>(visitor, 'click', ms);
    const refused = next<[{ code: string }]>(agent, ServerEvent.ASSIST_ERROR, ms);
    agent.emit('click', { meta, data: [5, 5] });
    const outcome = await Promise.race([click.then((c) => ({ c })), refused.then((r) => ({ r }))]);
    if ('c' in outcome) {
      refused.catch(() => undefined);
      return outcome.c;
    }
    click.catch(() => undefined);
    expect(outcome.r[0].code).toBe('not_granted');
    if (Date.now() > deadline) throw new Error(`the grant did not reach the agent's process within ${ms} ms`);
  }
}

/** Two server processes (two apps, one database) whose relays meet through the socket.io Redis adapter. */
describe.skipIf(!available)('assist relay across two processes sharing Redis', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let a: { app: FastifyInstance; url: string };
  let b: { app: FastifyInstance; url: string };
  let agent: TestUser;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    a = await listeningApp(database, { REDIS_URL: redisUrl });
    b = await listeningApp(database, { REDIS_URL: redisUrl });
    agent = await createTestUser(a.app, { role: 'agent', nickname: '跨機客服' });
  });
  afterEach(() => closeSockets());
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await database?.close();
  });

  it('a visitor on one process and an agent on the other: watch, grant, control, release, leave', async () => {
    const s = await startTrackerSession(a.app);
    const visitor = visitorSocket(a.url, s);
    await connected(visitor);
    const newAgent = next<[string, { name: string }]>(visitor, ServerEvent.NEW_AGENT);
    const agentOnB = agentSocket(b.url, s, agent.token);
    const welcome = next<[{ tabs: { tabId: string }[] }]>(agentOnB, ServerEvent.AGENT_WELCOME);
    await connected(agentOnB);
    expect((await welcome)[0].tabs.map((t) => t.tabId)).toEqual([s.tabId]);
    const [agentId, info] = await newAgent;
    expect(agentId).toBe(agentOnB.id);
    expect(info.name).toBe('跨機客服');

    const meta = { tabId: s.tabId };
    const batch = next<[{ data: unknown[][] }]>(agentOnB, 'messages');
    visitor.emit('messages', { meta, data: [[0, 1]] });
    expect((await batch)[0].data).toEqual([[0, 1]]);

    // Not granted yet: process B drops the click (and says so to the agent).
    const refusedEarly = next<[{ code: string }]>(agentOnB, ServerEvent.ASSIST_ERROR);
    expect(
      await eventsBefore(visitor, 'click', agentOnB, s.tabId, () =>
        agentOnB.emit('click', { meta, data: [5, 5] }),
      ),
    ).toBe(0);
    expect((await refusedEarly)[0]).toMatchObject({ event: 'click', code: 'not_granted' });

    // The grant is seen on process A; process B learns it through Redis.
    const granted = next(agentOnB, 'control_granted');
    visitor.emit('control_granted', { meta, data: agentId });
    await granted;
    expect((await untilClickPasses(agentOnB, visitor, meta))[1].data).toEqual([5, 5]);

    // The console list on B shows the session connected to A.
    const list = await b.app.inject({
      url: '/v1/console/assist/live',
      headers: { authorization: `Bearer ${agent.token}` },
    });
    const row = (list.json() as { list: { sessionId: string; agents: number }[] }).list.find(
      (r) => r.sessionId === s.sessionId,
    );
    expect(row?.agents).toBe(1);

    // PeerJS on B lets in the visitor's id: its room is live on A.
    const peerType = await new Promise<string>((resolve) => {
      const id = visitorPeerId(s.projectKey, s.sessionId, s.tabId);
      const token = signPeerCredential(b.app.config.ingest.secret, 'v', id);
      const ws = new WebSocket(
        `${b.url.replace('http', 'ws')}/peerjs/peerjs?key=peerjs&id=${id}&token=${token}&version=1`,
      );
      ws.on('message', (m) => {
        resolve(JSON.parse(String(m)).type);
        ws.close();
      });
      ws.on('unexpected-response', (_q, res) => resolve(`HTTP ${res.statusCode}`));
    });
    expect(peerType).toBe('OPEN');

    const release = next(visitor, 'release_control');
    agentOnB.emit('release_control', { meta, data: null });
    await release;
    // B forgot the grant when it relayed the release (the agent released on B itself).
    const refusedLate = next<[{ code: string }]>(agentOnB, ServerEvent.ASSIST_ERROR);
    expect(
      await eventsBefore(visitor, 'click', agentOnB, s.tabId, () =>
        agentOnB.emit('click', { meta, data: [5, 5] }),
      ),
    ).toBe(0);
    expect((await refusedLate)[0]).toMatchObject({ event: 'click', code: 'not_granted' });

    const noAgent = next(visitor, ServerEvent.NO_AGENT);
    agentOnB.disconnect();
    await noAgent;
  });

  it('PeerJS signalling between a peer on A and a peer on B is forwarded through Redis, both ways', async () => {
    const s = await startTrackerSession(a.app);
    const visitor = visitorSocket(a.url, s);
    await connected(visitor);
    const visitorId = visitorPeerId(s.projectKey, s.sessionId, s.tabId);
    const agentId = `${s.room}-${'ab12'.repeat(4)}`;
    // Each process signs with its own secret in tests; deployments share INGEST_SECRET (ADR 0042).
    function peerSocket(url: string, id: string, kind: 'v' | 'a', secret: string) {
      const token = signPeerCredential(secret, kind, id);
      const ws = new WebSocket(
        `${url.replace('http', 'ws')}/peerjs/peerjs?key=peerjs&id=${id}&token=${token}&version=1`,
      );
      const frames: { type: string; src?: string; payload?: unknown }[] = [];
      ws.on('message', (m) => frames.push(JSON.parse(String(m))));
      const open = new Promise<void>((resolve) => ws.on('message', () => resolve()));
      return { ws, frames, open };
    }
    const onA = peerSocket(a.url, visitorId, 'v', a.app.config.ingest.secret);
    const onB = peerSocket(b.url, agentId, 'a', b.app.config.ingest.secret);
    await Promise.all([onA.open, onB.open]);
    const offer = { type: 'OFFER', dst: visitorId, payload: { sdp: 'v=0', connectionId: 'mc_1' } };
    onB.ws.send(JSON.stringify(offer));
    await expect
      .poll(() => onA.frames.find((f) => f.type === 'OFFER'))
      .toMatchObject({ ...offer, src: agentId });
    onA.ws.send(JSON.stringify({ type: 'ANSWER', dst: agentId, payload: { sdp: 'v=0' } }));
    await expect.poll(() => onB.frames.find((f) => f.type === 'ANSWER')).toMatchObject({ src: visitorId });
    onA.ws.close();
    onB.ws.close();
  });
});
