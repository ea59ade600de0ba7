import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';

describe.each(databaseKinds)('notification links on %s', (kind) => {
  let t: TestApp;
  let staff: TestUser;
  let learner: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    staff = await createTestUser(t.app, { role: 'admin' });
    learner = await createTestUser(t.app);
  });
  afterAll(() => t.close());

  const send = (link: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/console/community/notifications',
      headers: staff.auth,
      payload: { audience: 'user', target_id: learner.id, title: '連結', category: 'system', link },
    });

  it('accepts portal paths and https addresses', async () => {
    for (const link of ['/tasks/1', '/training?tab=2#top', 'https://example.com/a?b=c']) {
      expect((await send(link)).statusCode, link).toBe(201);
    }
  });

  // Browsers read a backslash as a slash, so "/\evil.example" is the other site, not a portal path.
  it('refuses links that leave the portal or could run script', async () => {
    for (const link of [
      '/\\evil.example',
      '/\\/evil.example',
      '//evil.example',
      'http://evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'https:\\\\evil.example',
      '/\t/evil.example',
      ' /x',
    ]) {
      const res = await send(link);
      expect(res.statusCode, link).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation' });
    }
    const list = await t.app.inject({ method: 'GET', url: '/v1/notify/message/list', headers: learner.auth });
    expect(
      list
        .json()
        .list.every(
          (m: { link: string }) => m.link.startsWith('/t') || m.link.startsWith('https://example.com'),
        ),
    ).toBe(true);
  });
});
