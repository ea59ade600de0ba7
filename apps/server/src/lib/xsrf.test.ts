import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { databaseKinds } from '../../test/test-databases.ts';

describe.each(databaseKinds)('xsrf check on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  // Each spelling routes to PUT /v1/user/password; the check must follow the route, not the raw string.
  it.each([
    '/v1/user/password',
    '/%76%31/user/password',
    '/v1/%75ser/password',
    '/%76%31/%75%73%65%72/%70assword',
  ])('refuses %s with cookies but no xsrf header', async (url) => {
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: { cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyz012345; token=stolen' },
      payload: { old_password: 'Whatever123', new_password: 'Whatever456' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'xsrf', message: expect.any(String) });
  });

  it('lets the same call through when the header echoes the cookie (then the sign-in decides)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/%76%31/user/password',
      headers: {
        cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyz012345',
        'x-xsrf-token': 'abcdefghijklmnopqrstuvwxyz012345',
      },
      payload: { old_password: 'Whatever123', new_password: 'Whatever456' },
    });
    expect(res.statusCode).toBe(401);
  });
});
