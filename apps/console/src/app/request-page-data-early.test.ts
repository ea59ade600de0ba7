import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { takeEarlyGet } from '@atrium/web/api/early-get.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestPageDataEarly } from './request-page-data-early.ts';

/** A real HTTP server standing in for the API: it records what was asked for and answers 200. */
const asked: string[] = [];
const server = createServer((req, res) => {
  asked.push(req.url ?? '');
  res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
});
let origin = '';
const cookies = globalThis as { document?: { cookie: string } };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  asked.length = 0;
  // A new page load: what was asked early on the last one is forgotten with it.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('atrium.earlyGets')];
  cookies.document = { cookie: 'token=staff-token' };
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  delete cookies.document;
});
/** The paths this page load asked for early (early-get.ts keeps them on the global object), in order. */
const started = () => [
  ...((globalThis as Record<symbol, { started?: Set<string> }>)[Symbol.for('atrium.earlyGets')]?.started ??
    []),
];

describe('what the console asks for before its code is in', () => {
  it("on a session's page: the sign-in check, the summary and the recording, each taken by the page", async () => {
    requestPageDataEarly({ origin, pathname: '/console/sessions/s%201' });
    await expect
      .poll(() => [...asked].sort())
      .toEqual(['/v1/console/sessions/s%201', '/v1/console/sessions/s%201/messages', '/v1/entry']);
    for (const path of ['/v1/entry', '/v1/console/sessions/s%201', '/v1/console/sessions/s%201/messages'])
      expect((await takeEarlyGet(path))?.status, path).toBe(200);
  });

  it('on any other page only the sign-in check, and signed out nothing', async () => {
    for (const pathname of ['/console/sessions', '/console/', '/console/learners/u/sessions'])
      requestPageDataEarly({ origin, pathname });
    // Once per page load, however often it is asked: one request started, and it reached the server.
    expect(started()).toEqual(['/v1/entry']);
    expect((await takeEarlyGet('/v1/entry'))?.status).toBe(200);
    expect(asked).toEqual(['/v1/entry']);
    asked.length = 0;
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('atrium.earlyGets')];
    cookies.document = { cookie: '' };
    requestPageDataEarly({ origin, pathname: '/console/sessions/s2' });
    // Every early request starts synchronously, so none started means none will reach the server.
    expect(started()).toEqual([]);
    expect(await takeEarlyGet('/v1/entry')).toBeNull();
  });
});
