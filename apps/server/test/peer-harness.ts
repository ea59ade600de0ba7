import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { type AgentWelcome, type AssistConfig, ServerEvent, visitorPeerId } from '@atrium/protocol/assist';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { agentSocket, connected, next, startTrackerSession, visitorSocket } from './assist-harness.ts';

/** The PeerJS WebSocket URL of a server for one id and token (what the peerjs client opens). */
export const peerUrl = (url: string, id: string, token: string) =>
  `${url.replace('http', 'ws')}/peerjs/peerjs?key=peerjs&id=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}&version=1.5.5`;

export interface PeerFrame {
  type: string;
  src?: string;
  dst?: string;
  payload?: { msg?: string; sdp?: unknown; connectionId?: string };
}

/** A PeerJS signalling socket as a browser's peer holds it; `first` is the server's first answer. */
export function peerSocket(url: string, id: string, token: string) {
  const ws = new WebSocket(peerUrl(url, id, token));
  const frames: PeerFrame[] = [];
  const first = new Promise<string>((resolve) => {
    ws.on('message', (m) => {
      const f = JSON.parse(String(m)) as PeerFrame;
      frames.push(f);
      resolve(f.type);
    });
    ws.on('unexpected-response', (_req, res) => resolve(`HTTP ${res.statusCode}`));
    ws.on('error', () => resolve('error'));
    ws.on('close', () => resolve('closed'));
  });
  const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
  return { ws, frames, first, closed };
}

/** One masked client frame built by hand (RFC 6455 §5.2), so nothing in a client library tidies it up. */
export function maskedFrame(opcode: number, payload: Buffer, fin = true): Buffer {
  const len = payload.length;
  let header: Buffer;
  if (len < 126) {
    header = Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | len]);
  } else if (len < 65_536) {
    header = Buffer.alloc(4);
    header.writeUInt16BE(len, 2);
    header[1] = 0x80 | 126;
  } else {
    header = Buffer.alloc(10);
    header.writeBigUInt64BE(BigInt(len), 2);
    header[1] = 0x80 | 127;
  }
  header[0] = (fin ? 0x80 : 0) | opcode;
  const mask = randomBytes(4);
  const body = Buffer.alloc(len);
  for (let i = 0; i < len; i += 1) body[i] = (payload[i] as number) ^ (mask[i % 4] as number);
  return Buffer.concat([header, mask, body]);
}

/**
 * A raw TCP WebSocket upgrade to the PeerJS path; resolves with the socket once the server answered 101
 * (or rejects with the status line), so a test can write any bytes it likes after the handshake.
 */
export function rawPeerSocket(url: string, id: string, token: string): Promise<Socket> {
  const target = new URL(peerUrl(url, id, token));
  return new Promise((resolve, reject) => {
    const socket = connect(Number(target.port), target.hostname);
    socket.on('error', reject);
    socket.once('connect', () => {
      socket.write(
        `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      const status = head.slice(0, head.indexOf('\r\n'));
      if (status.includes(' 101 ')) resolve(socket);
      else {
        socket.destroy();
        reject(new Error(status));
      }
    };
    socket.on('data', onData);
  });
}

/** Resolves once the server has closed (or reset) the raw socket. */
export function socketClosed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve();
    socket.on('error', () => undefined);
    socket.once('close', () => resolve());
  });
}

/** A small seeded generator, so a failing fuzz run can be replayed with the same frames. */
export function seeded(seed: number) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x1_0000_0000;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    bytes: (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(next() * 256))),
  };
}

/**
 * A live session as the relay sees it: the learner's tab and an agent connected over socket.io, each with
 * the PeerJS id and credential the relay handed it (ASSIST_CONFIG, AGENT_WELCOME).
 */
export async function liveSession(app: FastifyInstance, url: string, staffToken: string) {
  const s = await startTrackerSession(app);
  const visitor = visitorSocket(url, s);
  const visitorConfig = next<[AssistConfig]>(visitor, ServerEvent.ASSIST_CONFIG);
  await connected(visitor);
  const agent = agentSocket(url, s, staffToken);
  const agentConfig = next<[AssistConfig]>(agent, ServerEvent.ASSIST_CONFIG);
  const welcome = next<[AgentWelcome]>(agent, ServerEvent.AGENT_WELCOME);
  await connected(agent);
  return {
    s,
    visitor,
    agent,
    learnerId: visitorPeerId(s.projectKey, s.sessionId, s.tabId),
    learnerToken: (await visitorConfig)[0].peer.token ?? '',
    agentId: (await welcome)[0].peerId,
    agentToken: (await agentConfig)[0].peer.token ?? '',
  };
}
