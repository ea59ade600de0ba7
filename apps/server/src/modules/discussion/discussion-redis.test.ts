import { randomBytes, randomUUID } from 'node:crypto';
import { DISCUSSION_POSTS_PER_MINUTE } from '@atrium/protocol/discussion';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser } from '../../../test/create-test-user.ts';
import { redisAnswers, redisTestUrl } from '../../../test/redis-available.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { users } from '../../db/schema.ts';
import { createSession } from '../account/index.ts';

const available = await redisAnswers();
// PostgreSQL when there is one (CI): what a deployment of several processes runs on, and quicker to migrate.
const kind = databaseKinds.at(-1)!;
if (!available && process.env.CI) throw new Error(`Redis is required in CI (${redisTestUrl})`);
if (!available) console.warn(`discussion-redis.test.ts skipped: no Redis at ${redisTestUrl}`);

/**
 * The per-learner posting limit lives in the shared rate-limit store: with REDIS_URL, two server processes
 * count one learner's posts together, so spreading them over processes does not raise the limit.
 */
describe.skipIf(!available)('the discussion posting limit across processes on Redis', () => {
  const processes: TestApp[] = [];
  // One learner, the same id in both processes' databases (as one database would have it).
  const learnerId = randomUUID();
  const email = `discuss-${randomBytes(4).toString('hex')}@example.com`;
  const threads = new Map<TestApp, { url: string; token: string }>();

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const t = await createTestApp(kind, { REDIS_URL: redisTestUrl });
      processes.push(t);
      const staff = await createTestUser(t.app, { role: 'admin' });
      const as = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
        const res = await t.app.inject({ method, url, headers: staff.auth, payload });
        expect(res.statusCode, res.body).toBeLessThan(300);
        return res.json() as { id: string };
      };
      const cls = await as('POST', '/v1/console/community/classes', { name: '跨程序班' });
      const task = await as('POST', `/v1/console/community/classes/${cls.id}/tasks`, {
        title: '作業',
        due_at: new Date(Date.now() + 86_400_000).toISOString(),
      });
      await as('PATCH', `/v1/console/community/classes/${cls.id}`, { published: true });
      await t.app.db.insert(users).values({
        id: learnerId,
        email,
        passwordHash: 'not used: the test signs in with a session',
        nickname: '跨程序學員',
        role: 'learner',
        emailVerifiedAt: new Date(),
      });
      await as('POST', `/v1/console/community/classes/${cls.id}/members`, { emails: [email] });
      threads.set(t, {
        url: `/v1/training-classes/${cls.id}/tasks/${task.id}/posts`,
        token: (await createSession(t.app.db, { userId: learnerId, ttlDays: 1 })).token,
      });
    }
  }, 60_000);
  afterAll(async () => {
    for (const t of processes) await t.close();
  });

  it(`refuses the ${DISCUSSION_POSTS_PER_MINUTE + 1}th post a minute even on the other process`, async () => {
    const post = (t: TestApp, body: string) =>
      t.app.inject({
        method: 'POST',
        url: threads.get(t)!.url,
        headers: { authorization: `Bearer ${threads.get(t)!.token}` },
        payload: { body },
      });
    const [a, b] = processes as [TestApp, TestApp];
    for (let i = 0; i < DISCUSSION_POSTS_PER_MINUTE; i++)
      expect((await post(i % 2 ? a : b, `第 ${i + 1} 則`)).statusCode).toBe(201);
    for (const t of [a, b]) {
      const refused = await post(t, '再一則');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    }
  });
});
