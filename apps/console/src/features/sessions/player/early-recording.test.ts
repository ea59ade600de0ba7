import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestRecordingEarly, takeEarlyRecording } from './early-recording.ts';

/** A real HTTP server standing in for the API: it records each request and answers one NDJSON line. */
const requests: { url: string; authorization?: string; closed: Promise<void> }[] = [];
let held: ServerResponse | null = null;
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const closed = new Promise<void>((resolve) => req.socket.on('close', () => resolve()));
  requests.push({ url: req.url ?? '', authorization: req.headers.authorization, closed });
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  // A session named "slow" keeps its answer open, as a long recording still streaming.
  if (req.url?.includes('/slow/')) {
    held = res;
    res.flushHeaders();
  } else res.end('{"tabId":"t","pageNo":1,"seq":0,"messages":[]}\n');
});
let origin = '';

beforeAll(async () => {
  // The signed-in staff member's cookie, as the browser holds it.
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

describe('the recording asked for as the console opens on a session page', () => {
  it('is requested at once, and the session page takes that answer once', async () => {
    requestRecordingEarly({ origin, pathname: '/console/sessions/s%201' });
    // Asked before any page code ran: the request is already on its way.
    await expect.poll(() => requests.length).toBe(1);
    expect(requests[0]).toMatchObject({
      url: '/v1/console/sessions/s%201/messages',
      authorization: 'Bearer staff-token',
    });
    const signal = new AbortController().signal;
    expect(takeEarlyRecording('another', signal)).toBeNull();
    const response = await takeEarlyRecording('s 1', signal);
    expect(await response?.text()).toContain('"seq":0');
    expect(takeEarlyRecording('s 1', signal)).toBeNull();
  });

  it('is not made for other pages', async () => {
    const before = requests.length;
    for (const pathname of ['/console/sessions', '/console/', '/console/learners/u/sessions']) {
      requestRecordingEarly({ origin, pathname });
    }
    expect(takeEarlyRecording('sessions', new AbortController().signal)).toBeNull();
    expect(requests.length).toBe(before);
  });

  it('is cancelled when the page that took it leaves', async () => {
    requestRecordingEarly({ origin, pathname: '/console/sessions/slow/' });
    const leave = new AbortController();
    const response = await takeEarlyRecording('slow', leave.signal);
    expect(response?.status).toBe(200);
    leave.abort();
    // The server sees the connection go: the rest of a long recording is not downloaded for nothing.
    await requests.at(-1)?.closed;
    expect(requests.at(-1)?.url).toBe('/v1/console/sessions/slow/messages');
  });
});
