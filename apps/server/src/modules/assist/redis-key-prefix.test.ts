import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  closeSockets,
  connected,
  listeningApp,
  startTrackerSession,
  visitorSocket,
} from '../../../test/assist-harness.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { redisAnswers, redisTestUrl } from '../../../test/redis-available.ts';
import { openTestDatabase } from '../../../test/test-databases.ts';

const available = await redisAnswers();
if (!available && process.env.CI) throw new Error(`Redis is required in CI (${redisTestUrl})`);

type Deployment = { app: FastifyInstance; url: string; agent: TestUser };

/** Two deployments on one Redis (issue 18, finding 12): deployment A runs two processes, B one. */
describe.skipIf(!available)('deployments sharing one Redis', () => {
  const run = randomBytes(4).toString('hex');
  const prefixA = `a-${run}:`;
  const prefixB = `b-${run}:`;
  let databases: Awaited<ReturnType<typeof openTestDatabase>>[];
  let a1: Deployment;
  let a2: Deployment;
  let b: Deployment;
  let redis: Redis;

  const deploy = async (db: (typeof databases)[number], prefix: string): Promise<Deployment> => {
    const { app, url } = await listeningApp(db, { REDIS_URL: redisTestUrl, REDIS_KEY_PREFIX: prefix });
    return { app, url, agent: await createTestUser(app, { role: 'agent' }) };
  };

  beforeAll(async () => {
    databases = [await openTestDatabase('pglite'), await openTestDatabase('pglite')];
    a1 = await deploy(databases[0]!, prefixA);
    a2 = await deploy(databases[0]!, prefixA);
    b = await deploy(databases[1]!, prefixB);
    redis = new Redis(redisTestUrl);
    // Three apps booting on a shared two-core machine.
  }, 180_000);
  afterEach(() => closeSockets());
  afterAll(async () => {
    for (const d of [a1, a2, b]) await d?.app.close();
    for (const db of databases ?? []) await db.close();
    await redis?.quit();
  });

  const liveSessionIds = async (d: Deployment) => {
    const res = await d.app.inject({
      url: '/v1/console/assist/live',
      headers: { authorization: `Bearer ${d.agent.token}` },
    });
    return (res.json() as { list: { sessionId: string }[] }).list.map((s) => s.sessionId);
  };

  it("lists a learner online on every process of its deployment and on none of another's", async () => {
    const s = await startTrackerSession(a1.app);
    await connected(visitorSocket(a1.url, s));
    expect(await liveSessionIds(a1)).toContain(s.sessionId);
    // The second process of the same deployment sees the learner through Redis …
    expect(await liveSessionIds(a2)).toContain(s.sessionId);
    // … the other deployment never does.
    expect(await liveSessionIds(b)).not.toContain(s.sessionId);
  });

  it("keeps each deployment's rate-limit counters under its own prefix", async () => {
    await a1.app.rateCounters.hit('probe', 60_000);
    await b.app.rateCounters.hit('probe', 60_000);
    expect(await redis.keys(`${prefixA}atrium-rl-*`)).not.toEqual([]);
    expect(await redis.keys(`${prefixB}atrium-rl-*`)).not.toEqual([]);
    const a = (await a1.app.rateCounters.peek('probe', 60_000)).count;
    // B's hit did not count for A.
    expect(a).toBe(1);
  });
});
