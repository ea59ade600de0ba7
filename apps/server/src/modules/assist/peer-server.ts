import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { isValidPeerId, PEER_KEY, PEER_PATH } from '@atrium/protocol/assist';
import express from 'express';
import { ExpressPeerServer } from 'peer';
import { type WebSocket, WebSocketServer } from 'ws';
import { verifyPeerCredential } from './peer-credential.ts';
import { admitFrame, roomOfPeerId } from './peer-frames.ts';

/** PeerJS signalling frames are small (SDP, candidates); media and data go peer to peer. */
const MAX_SIGNAL_BYTES = 64 * 1024;

/**
 * The PeerJS signalling server (`peer` package) on /peerjs with key `peerjs` (spec 2 §7, ADR 0031),
 * sharing the HTTP server. Its WebSocket only opens for an id of a session that is live in the assist
 * relay right now (`{projectKey}-{sessionId}-{suffix}`) and with the credential the relay gave the
 * authenticated socket owning that id (ADR 0042), so no one takes a learner's or an agent's id.
 */
export function createPeerServer(opts: {
  server: HttpServer;
  isRoomLive: (room: string) => Promise<boolean>;
  /** Signs and checks peer credentials (the ingest secret, shared by every process). */
  secret: string;
  /** The server's TRUST_PROXY: false, a hop count or addresses (express's `trust proxy` takes all three). */
  trustProxy: false | number | string[];
  /**
   * Hands a signalling frame for a peer not connected here to the other processes (ADR 0031): the
   * `peer` package keeps its peers in memory, so without this both peers would need the same process.
   */
  forward?: (dst: string, frame: string) => void;
  /**
   * A peer answered another's media call (a learner's tab taking an agent's call): told once, on the process
   * of the answering peer, for the assist statistics (ADR 0065).
   */
  onMediaAnswer?: (from: string, to: string) => void;
  /** Where a socket's protocol error is noted (it closes only that socket). */
  log?: { debug: (obj: object, msg: string) => void };
}) {
  let wss: WebSocketServer | undefined;
  // Peers whose PeerJS socket is on this process, by id.
  const local = new Map<string, WebSocket>();
  const noteError = (err: unknown) =>
    opts.log?.debug({ err: { message: (err as Error)?.message } }, 'peer socket error');
  const peerApp = ExpressPeerServer(opts.server, {
    key: PEER_KEY,
    path: `${PEER_PATH}/`,
    allow_discovery: false,
    // peer's types say boolean | string; it hands the value to express's `trust proxy`, which takes a hop count too.
    proxied: (Array.isArray(opts.trustProxy) ? opts.trustProxy.join(',') : opts.trustProxy) as
      | boolean
      | string,
    concurrent_limit: 5000,
    createWebSocketServer: () => {
      wss = new WebSocketServer({ noServer: true, maxPayload: MAX_SIGNAL_BYTES });
      wss.on('error', noteError);
      return wss;
    },
  } as Parameters<typeof ExpressPeerServer>[1]);
  // The package re-emits every socket error on its app; an EventEmitter's unheard 'error' ends the process.
  peerApp.on('error', noteError);
  // ExpressPeerServer wires itself up when mounted into an Express app; Fastify hands that app the requests.
  const host = express();
  host.disable('x-powered-by');
  host.use(peerApp);

  const wsPath = `${PEER_PATH}/peerjs`;
  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== wsPath) return;
    // Node drops its own listener at an upgrade: a reset while we decide must not be an unheard 'error'.
    socket.on('error', () => socket.destroy());
    const id = url.searchParams.get('id') ?? '';
    const room = roomOfPeerId(id);
    // The PeerJS `token` must be the credential the relay gave the socket that owns this id (ADR 0042).
    const allowed =
      isValidPeerId(id) &&
      room !== undefined &&
      verifyPeerCredential(opts.secret, id, url.searchParams.get('token') ?? '') &&
      (await opts.isRoomLive(room).catch(() => false));
    if (!allowed || !wss || socket.destroyed) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      // Oversize, invalid UTF-8 or a broken frame: ws closes this socket; nothing else is touched.
      ws.on('error', (err) => {
        noteError(err);
        ws.terminate();
      });
      screenFrames(id, room, ws);
      wss?.emit('connection', ws, req);
    });
  }

  /**
   * Only frames a PeerJS client sends, to peers of its own room, reach the `peer` package (peer-frames.ts);
   * with other processes, one for a peer not connected here goes there instead (the package would queue it).
   */
  function screenFrames(id: string, room: string, ws: WebSocket) {
    const forward = opts.forward;
    if (forward) {
      if (!local.has(id)) local.set(id, ws);
      ws.on('close', () => {
        if (local.get(id) === ws) local.delete(id);
      });
    }
    const emit = ws.emit.bind(ws);
    ws.emit = ((event: string, ...args: unknown[]) => {
      if (event === 'message') {
        const m = admitFrame(room, args[0], args[1] === true);
        if (!m) return true;
        if (m.relayed && m.type === 'ANSWER' && (m.message.payload as { type?: unknown })?.type === 'media')
          opts.onMediaAnswer?.(id, m.dst);
        if (forward && m.relayed && !local.has(m.dst)) {
          forward(m.dst, JSON.stringify({ ...m.message, src: id }));
          return true;
        }
      }
      return emit(event, ...args);
    }) as typeof ws.emit;
  }
  opts.server.on('upgrade', onUpgrade);

  return {
    /** Handles an HTTP request under /peerjs (GET {key}/id). */
    handle(req: IncomingMessage, res: ServerResponse) {
      host(req as Parameters<typeof host>[0], res as Parameters<typeof host>[1]);
    },
    /** A frame forwarded by another process: sent if its destination's socket is here. */
    deliver(dst: string, frame: string) {
      local.get(dst)?.send(frame);
    },
    close() {
      opts.server.off('upgrade', onUpgrade);
      for (const c of wss?.clients ?? []) c.terminate();
      wss?.close();
    },
  };
}
