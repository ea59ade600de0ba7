import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { databaseKinds } from '../../test/test-databases.ts';

const shape = { message: expect.any(String), code: expect.any(String) };

/** Sends raw bytes to the listening server and returns the whole answer. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

// Answers Fastify and its plugins produce before our routes run still use `{ message, code }`, echo nothing.
describe.each(databaseKinds)('router errors, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers a malformed percent-encoding with 400 in the one shape, not echoing the path', async () => {
    for (const url of ['/v1/user/avatar/%zz<script>', '/%E0%A4%A', '/tracker/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'bad_url', message: expect.any(String) });
      expect(res.body).not.toContain('script');
      expect(res.body).not.toContain('%');
    }
  });

  it('answers other request errors in the one shape without echoing input', async () => {
    // PROPFIND: a method no route knows; light-my-request's types list only the common ones.
    const cases = [
      { method: 'PROPFIND' as unknown as 'GET', url: '/v1/user/login<b>' },
      {
        method: 'POST' as const,
        url: '/v1/user/login',
        headers: { 'content-type': 'text/<b>' },
        payload: 'x',
      },
      {
        method: 'POST' as const,
        url: '/v1/user/login',
        headers: { 'content-type': 'application/json' },
        payload: '{<b>',
      },
      { method: 'GET' as const, url: '/v1/docs/static/%2e%2e/%2e%2e/<b>.json' },
    ];
    for (const c of cases) {
      const res = await t.app.inject(c);
      expect(res.statusCode, c.url).toBeGreaterThanOrEqual(400);
      expect(res.json(), c.url).toEqual(shape);
      expect(res.body).not.toContain('<b>');
    }
  });

  it('answers a failed precondition (412) or an unsatisfiable range (416) of a static file in the one shape', async () => {
    // @fastify/send answers these itself; the "428" is this precondition answer (ADR 0014).
    const file = '/v1/docs/static/swagger-ui.css';
    expect((await t.app.inject({ method: 'GET', url: file })).statusCode).toBe(200);
    for (const [headers, status, code] of [
      [{ 'if-match': '"<b>"' }, 412, 'precondition_failed'],
      [{ 'if-unmodified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' }, 412, 'precondition_failed'],
      [{ range: 'bytes=999999999-<b>' }, 416, 'range_not_satisfiable'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: file, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(status);
      expect(res.json()).toEqual({ code, message: expect.any(String) });
      expect(res.body).not.toContain('<b>');
    }
  });

  it('answers malformed raw HTTP (a non-numeric Content-Length) in the one shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const answer = await raw(
      port,
      'POST /v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc<b>\r\n\r\n{}',
    );
    expect(answer.startsWith('HTTP/1.1 400')).toBe(true);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ code: 'bad_request', message: expect.any(String) });
  });
});
