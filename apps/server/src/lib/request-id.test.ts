import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let a: TestApp;
  let b: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const logStream = { write: (line: string) => lines.push(JSON.parse(line)) };
    a = await createTestApp('pglite', { LOG_LEVEL: 'info' }, { logStream });
    b = await createTestApp('pglite');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("keeps the proxy's well-formed id: returned in X-Request-Id and on the request's log line", async () => {
    const id = '7f3c2a9e1b4d4c6a8e0f1a2b3c4d5e6f';
    const res = await a.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
    expect(lines.find((l) => l.reqId === id && l.url === '/v1/health')).toMatchObject({ status: 200 });
  });

  it('returns the id on errors too: an unknown route, a malformed address, a refused body', async () => {
    const answers = await Promise.all([
      a.app.inject({ method: 'GET', url: '/v1/no-such-thing', headers: { 'x-request-id': 'trace-404' } }),
      a.app.inject({ method: 'GET', url: '/v1/%E0%A4%A', headers: { 'x-request-id': 'trace-bad-url' } }),
      a.app.inject({
        method: 'POST',
        url: '/v1/user/login',
        payload: { email: 'not-an-address' },
        headers: { 'x-request-id': 'trace-400' },
      }),
    ]);
    expect(answers.map((r) => [r.statusCode, r.headers['x-request-id']])).toEqual([
      [404, 'trace-404'],
      [400, 'trace-bad-url'],
      [400, 'trace-400'],
    ]);
  });

  it("replaces a malformed or oversized id, so a client cannot write into the operator's log", async () => {
    for (const hostile of ['x" level=60 msg="forged', 'a'.repeat(129), '', 'id one']) {
      const res = await a.app.inject({
        method: 'GET',
        url: '/v1/health',
        headers: { 'x-request-id': hostile },
      });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
    expect(JSON.stringify(lines)).not.toContain('forged');
  });

  it('makes an id when none comes, unique across two processes', async () => {
    const ids = await Promise.all(
      [a, b, a, b].map(
        async (t) => (await t.app.inject({ method: 'GET', url: '/v1/health' })).headers['x-request-id'],
      ),
    );
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(4);
  });
});
