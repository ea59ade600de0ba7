import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';

// A caller without a session learns nothing from the class and task calls, not even which ids are well formed.
describe.each(databaseKinds)('class and task calls check the caller first, on %s', (kind) => {
  let t: TestApp;
  let learner: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    learner = await createTestUser(t.app);
  });
  afterAll(() => t.close());

  const calls = [
    ['GET', '/v1/training-classes/not-a-uuid'],
    ['GET', '/v1/training-classes/?page=-1'],
    ['POST', '/v1/training-classes/not-a-uuid/check-in'],
    ['GET', '/v1/training-classes/not-a-uuid/tasks/board'],
    ['POST', '/v1/training-classes/not-a-uuid/tasks/accept'],
    ['GET', '/v1/tasks/not-a-uuid'],
  ] as const;

  it('answers 401 without a session, whatever the input', async () => {
    for (const [method, url] of calls) {
      const res = await t.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { task_id: 1 } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('still answers 400 to a signed-in caller with a malformed id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/tasks/not-a-uuid', headers: learner.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation' });
  });
});
