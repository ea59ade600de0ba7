import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { databaseKinds } from '../../../test/test-databases.ts';

type Call = { method: 'POST' | 'PUT'; url: string };
const calls: Call[] = [
  { method: 'POST', url: '/v1/user/register' },
  { method: 'PUT', url: '/v1/user/register/verify' },
  { method: 'POST', url: '/v1/user/register/verify' },
  { method: 'POST', url: '/v1/user/login' },
  { method: 'PUT', url: '/v1/user/login/verify' },
  { method: 'POST', url: '/v1/user/reset_password' },
  { method: 'POST', url: '/v1/user/reset_password/verify?token=abc' },
];

/** Bodies that are wrong for the call, each with the calls it is wrong for (all, unless listed). */
const badBodies: { name: string; body: unknown }[] = [
  { name: 'empty object', body: {} },
  { name: 'array', body: [] },
  { name: 'numbers for strings', body: { email: 1, password: 2, nickname: 3, code: 4, token: 5 } },
  { name: 'nulls', body: { email: null, password: null, nickname: null, code: null, token: null } },
];

describe.each(databaseKinds)('account input checks on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(() => t.close());

  const expectErrorShape = (res: { statusCode: number; json(): unknown }, status: number) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
  };

  describe.each(calls)('$method $url', ({ method, url }) => {
    it.each(badBodies)('answers 400 to $name', async ({ body }) => {
      expectErrorShape(await t.app.inject({ method, url, payload: body as object }), 400);
    });

    it('answers 400 to broken JSON and to no body', async () => {
      const broken = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expectErrorShape(broken, 400);
      expect(broken.json().code).toBe('bad_json');
      expectErrorShape(await t.app.inject({ method, url }), 400);
    });

    it('answers 413 to a body over 1 MB', async () => {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
      });
      expectErrorShape(res, 413);
      expect(res.json().code).toBe('payload_too_large');
    });

    it('refuses a call that carries cookies without the xsrf header', async () => {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyz012345; device=x' },
        payload: { email: 'a@b.co', password: 'Secret123' },
      });
      expectErrorShape(res, 403);
      expect(res.json().code).toBe('xsrf');
    });
  });

  it('explains field rules in zh-TW', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/user/register',
      payload: { email: 'not-an-email', password: 'short', nickname: 'bad<name>' },
    });
    expectErrorShape(res, 400);
    expect(res.json().code).toBe('validation');
    const weak = await t.app.inject({
      method: 'POST',
      url: '/v1/user/register',
      payload: { email: 'a@example.com', password: 'alllowercase1', nickname: '小明' },
    });
    expect(weak.json().message).toContain('密碼需為 8 到 16 個字元');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/v1/user/reset_password/verify',
      payload: { password: 'Secret123' },
    });
    expectErrorShape(reset, 400);
  });

  it('answers the session calls without a session with 401 and 204', async () => {
    expectErrorShape(await t.app.inject({ method: 'GET', url: '/v1/entry' }), 401);
    const bogus = await t.app.inject({
      method: 'GET',
      url: '/v1/entry',
      headers: { authorization: 'Bearer nope' },
    });
    expectErrorShape(bogus, 401);
    const logout = await t.app.inject({ method: 'POST', url: '/v1/user/logout' });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
  });
});

describe.each(databaseKinds)('account rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('stops the 11th sign-in attempt of a minute from one address with 429', async () => {
    // A new account each time: the per-account throttle (ADR 0013) must not be what answers.
    let n = 0;
    const attempt = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/user/login',
        remoteAddress: ip,
        payload: { email: `who${n++}@example.com`, password: 'Guess1234' },
      });
    const codes = [];
    for (let i = 0; i < 10; i++) codes.push((await attempt('10.0.0.1')).statusCode);
    expect(codes).toEqual(Array(10).fill(400));
    const limited = await attempt('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'rate_limited', message: expect.stringContaining('秒後再試') });
    // Another address is not affected.
    expect((await attempt('10.0.0.2')).statusCode).toBe(400);
  });

  it('limits registration to 5 a minute per address', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/user/register',
        remoteAddress: '10.0.0.3',
        payload: { email: `r${i}@example.com`, password: 'Secret123', nickname: 'Rate' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
