import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../test/create-test-user.ts';
import { databaseKinds } from '../../test/test-databases.ts';

// PostgreSQL refuses U+0000 in text; such input must be the caller's 400, never our 500, and change nothing.
describe.each(databaseKinds)('input the database cannot store, on %s', (kind) => {
  let t: TestApp;
  let learner: TestUser;
  let staff: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    learner = await createTestUser(t.app);
    staff = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  const refused = { code: 'invalid_input', message: expect.any(String) };

  it('answers 400 to a null byte in a profile field and keeps the old value', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/profile/description',
      headers: learner.auth,
      payload: { description: 'a\u0000b' },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual(refused);
    const name = await t.app.inject({
      method: 'POST',
      url: '/v1/user/profile/name',
      headers: learner.auth,
      payload: { first_name: 'a\u0000b', last_name: '王' },
    });
    expect(name.statusCode).toBe(400);
    const nickname = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/profile/nickname',
      headers: learner.auth,
      payload: { nickname: 'a\u0000b' },
    });
    expect(nickname.statusCode).toBe(400);
    const profile = await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: learner.auth });
    expect(profile.json()).toMatchObject({ description: '', first_name: '', nickname: 'Tester' });
  });

  it('answers 400 to a null byte in a staff field and a staff filter', async () => {
    const project = await t.app.inject({
      method: 'POST',
      url: '/v1/console/ingest/projects',
      headers: staff.auth,
      payload: { name: '專案\u0000' },
    });
    expect(project.statusCode).toBe(400);
    expect(project.json()).toEqual(refused);
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/v1/console/sessions?user_id=a%00b',
      headers: staff.auth,
    });
    expect(sessions.statusCode).toBe(400);
  });

  it('answers 400 to a null byte from the open internet (tracker start)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/not-started',
      payload: { trackerVersion: '1', projectKey: 'atrium-portal\u0000', doNotTrack: false, reason: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
  });
});
