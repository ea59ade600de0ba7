import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { databaseKinds } from '../../../test/test-databases.ts';

describe.each(databaseKinds)('health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers ok once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, rateLimits: 'per-process', degraded: false });
    // Only the tracker bundle and avatars may be embedded by other sites.
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown API paths with the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'route_not_found', message: expect.any(String) });
  });

  it('refuses an unsafe call that carries cookies but no matching xsrf header', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/password',
      headers: { cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyz012345' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('xsrf');
  });
});

describe('a process that serves only ingest (ATRIUM_SERVICES=ingest)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ATRIUM_SERVICES: 'ingest' });
  });
  afterAll(() => t.close());

  it('answers readiness and tracker calls, but no user API and no portal', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    const start = await t.app.inject({ method: 'POST', url: '/ingest/v1/web/start', payload: {} });
    expect(start.statusCode).toBe(400);
    const entry = await t.app.inject({ method: 'GET', url: '/v1/entry' });
    expect(entry.statusCode).toBe(404);
    expect(entry.json().code).toBe('route_not_found');
    expect((await t.app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(404);
  });
});
