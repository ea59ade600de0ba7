import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ASSIST_SOCKET_PATH } from '@atrium/protocol/assist';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openAhead, takeAhead } from './agent-socket.ts';

// A socket.io server on loopback standing in for the relay: it greets each agent socket with three events.
const http = createServer();
const relay = new Server(http, { path: ASSIST_SOCKET_PATH, transports: ['websocket'] });
const handshakes: { auth: unknown; query: Record<string, unknown> }[] = [];
relay.on('connection', (s) => {
  handshakes.push({ auth: s.handshake.auth, query: s.handshake.query });
  s.emit('AGENT_WELCOME', { tabs: [] });
  s.emit('messages', { n: 1 });
  s.emit('messages', { n: 2 });
});

beforeAll(async () => {
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  // What the console's page has: its address and the staff sign-in's cookie.
  const { port } = http.address() as AddressInfo;
  vi.stubGlobal('location', new URL(`http://127.0.0.1:${port}/console/assist/pk/s1`));
  vi.stubGlobal('document', { cookie: 'token=staff-token' });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  relay.close();
  await new Promise((r) => http.close(r));
});

describe('the live view’s socket opened ahead', () => {
  it('joins as the agent, and hands the page what it heard before the page listened, in order', async () => {
    const socket = openAhead('pk', 's1')!;
    // The page is not there yet: wait until the relay's greeting has come.
    await new Promise<void>((resolve) => {
      const last = (m: { n?: number }) => {
        if (m?.n !== 2) return;
        socket.off('messages', last);
        resolve();
      };
      socket.on('messages', last);
    });
    expect(handshakes.at(-1)).toMatchObject({
      auth: { token: 'staff-token' },
      query: { identity: 'agent', peerId: 'pk-s1' },
    });
    expect(takeAhead('pk', 'other')).toBeNull();
    const taken = takeAhead('pk', 's1');
    expect(taken?.socket).toBe(socket);
    const seen: unknown[] = [];
    socket.on('AGENT_WELCOME', (w) => seen.push(['welcome', w]));
    socket.on('messages', (m) => seen.push(['messages', m]));
    taken?.replay();
    expect(seen).toEqual([
      ['welcome', { tabs: [] }],
      ['messages', { n: 1 }],
      ['messages', { n: 2 }],
    ]);
    // Taken once: a second page (or a remount) opens its own.
    expect(takeAhead('pk', 's1')).toBeNull();
    socket.disconnect();
  });

  it('opens none while signed out, and never hands a page a socket opened under another sign-in', () => {
    vi.stubGlobal('document', { cookie: '' });
    expect(openAhead('pk', 's2')).toBeNull();
    vi.stubGlobal('document', { cookie: 'token=first-token' });
    const first = openAhead('pk', 's2')!;
    // Signed in again (another token) before the page came: the page opens its own with the new token.
    vi.stubGlobal('document', { cookie: 'token=second-token' });
    expect(takeAhead('pk', 's2')).toBeNull();
    const second = openAhead('pk', 's2')!;
    expect(second).not.toBe(first);
    expect(first.disconnected).toBe(true);
    expect(takeAhead('pk', 's2')?.socket).toBe(second);
    second.disconnect();
    vi.stubGlobal('document', { cookie: 'token=staff-token' });
  });
});
