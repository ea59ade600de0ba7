import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeSockets, listeningApp } from '../../../test/assist-harness.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { liveSession, peerSocket } from '../../../test/peer-harness.ts';
import { redisAnswers, redisTestUrl } from '../../../test/redis-available.ts';
import { openTestDatabase } from '../../../test/test-databases.ts';

const available = await redisAnswers();
if (!available && process.env.CI) throw new Error(`Redis is required in CI (${redisTestUrl})`);

/**
 * Two processes of one deployment (one database, one Redis, one INGEST_SECRET): a peer credential the relay
 * of one process handed out opens that id on the other process's PeerJS server too (ADR 0042).
 */
describe.skipIf(!available)('peer credentials across two processes', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let a: { app: FastifyInstance; url: string };
  let b: { app: FastifyInstance; url: string };
  let staff: TestUser;
  const env = { REDIS_URL: redisTestUrl, INGEST_SECRET: 'one-deployment-secret-of-at-least-32-chars' };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    a = await listeningApp(database, env);
    b = await listeningApp(database, env);
    staff = await createTestUser(a.app, { role: 'agent' });
    // Two app boots with migrations: over a minute on the shared 2-core machine under load.
  }, 180_000);
  afterEach(() => closeSockets());
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await database?.close();
  });

  it('credentials from the relay on A open the ids on B, and the crossed pair exchanges an offer; a forger is refused on both', async () => {
    const live = await liveSession(a.app, a.url, staff.token);
    const learner = peerSocket(b.url, live.learnerId, live.learnerToken);
    const agent = peerSocket(a.url, live.agentId, live.agentToken);
    expect([await learner.first, await agent.first]).toEqual(['OPEN', 'OPEN']);
    const offer = { type: 'OFFER', dst: live.learnerId, payload: { sdp: 'v=0', connectionId: 'mc_1' } };
    agent.ws.send(JSON.stringify(offer));
    await expect
      .poll(() => learner.frames.find((f) => f.type === 'OFFER'))
      .toMatchObject({ ...offer, src: live.agentId });
    for (const url of [a.url, b.url])
      expect(await peerSocket(url, live.learnerId, live.agentToken).first).toBe('HTTP 403');
    learner.ws.close();
    agent.ws.close();
  });
});
