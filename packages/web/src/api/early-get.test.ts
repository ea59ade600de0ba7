/// <reference types="node" />
// Node's types for this test's real HTTP server (the console's project has them through its vitest config).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEarlyGet, takeEarlyGet } from './early-get.ts';

/** A real HTTP server standing in for the API: it records each request and answers by path. */
const requests: { url: string; authorization?: string; closed: Promise<void> }[] = [];
let held: ServerResponse | null = null;
let bigSent = 0;
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const closed = new Promise<void>((resolve) => req.socket.on('close', () => resolve()));
  requests.push({ url: req.url ?? '', authorization: req.headers.authorization, closed });
  if (req.url === '/refused') {
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":"unauthorized"}');
  } else if (req.url === '/slow') {
    // A long recording still streaming.
    held = res;
    res.writeHead(200, { 'content-type': 'application/x-ndjson' }).flushHeaders();
  } else if (req.url === '/big') {
    // Far more than the browser holds unread: it is all sent only if someone reads it.
    const line = `${'x'.repeat(64 * 1024 - 1)}\n`;
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const more = () => {
      while (bigSent < 256) {
        bigSent++;
        if (!res.write(line)) return void res.once('drain', more);
      }
      res.end();
    };
    more();
  } else res.writeHead(200, { 'content-type': 'application/json' }).end(`{"path":"${req.url}"}`);
});
let origin = '';

beforeAll(async () => {
  // The signed-in user's cookie, as the browser holds it.
  (globalThis as { document?: unknown }).document = { cookie: 'token=staff-token' };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  held?.end();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  delete (globalThis as { document?: unknown }).document;
});

describe('a GET asked for before the page code that needs it has loaded', () => {
  it('leaves at once, as the signed-in user, and its answer is taken once', async () => {
    startEarlyGet('/v1/entry', origin);
    await expect.poll(() => requests.length).toBe(1);
    expect(requests[0]).toMatchObject({ url: '/v1/entry', authorization: 'Bearer staff-token' });
    expect(await takeEarlyGet('/v1/other')).toBeNull();
    expect(await (await takeEarlyGet('/v1/entry'))?.json()).toEqual({ path: '/v1/entry' });
    expect(await takeEarlyGet('/v1/entry')).toBeNull();
  });

  it('is asked early once per page, whoever asks again (the early script, then the app)', async () => {
    const before = requests.length;
    startEarlyGet('/once', origin);
    startEarlyGet('/once', origin);
    await expect.poll(() => requests.length).toBe(before + 1);
    await takeEarlyGet('/once');
    // Taken already: the app's own request is the next one, not another early one.
    startEarlyGet('/once', origin);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.length).toBe(before + 1);
  });

  it('hands over no refused answer: the caller asks itself, so the error it shows is its own', async () => {
    startEarlyGet('/refused', origin);
    expect(await takeEarlyGet('/refused')).toBeNull();
  });

  it('is read while nobody has taken it yet, so a large answer arrives whole meanwhile', async () => {
    startEarlyGet('/big', origin);
    // 16 MB: far past what the fetch would hold unread before it stopped reading the connection.
    await expect.poll(() => bigSent, { timeout: 10_000 }).toBe(256);
    const response = await takeEarlyGet('/big');
    expect((await response?.text())?.length).toBe(256 * 64 * 1024);
  });

  it('is cancelled when the caller that took it gives up', async () => {
    startEarlyGet('/slow', origin);
    const leave = new AbortController();
    const response = await takeEarlyGet('/slow', leave.signal);
    expect(response?.status).toBe(200);
    leave.abort();
    // The server sees the connection go: the rest of a long recording is not downloaded for nothing.
    await requests.find((r) => r.url === '/slow')?.closed;
  });
});
