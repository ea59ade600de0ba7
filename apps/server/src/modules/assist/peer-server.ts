import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { isValidPeerId, PEER_KEY, PEER_PATH } from '@atrium/protocol/assist';
import express from 'express';
import { ExpressPeerServer } from 'peer';
import { type WebSocket, WebSocketServer } from 'ws';

const UUID_ROOM =
  /^(.+-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/i;

/** PeerJS signalling frames are small (SDP, candidates); media and data go peer to peer. */
const MAX_SIGNAL_BYTES = 64 * 1024;

/** The frames PeerJS relays from one peer to another (the `peer` package's transmission types). */
const RELAYED = new Set(['OFFER', 'ANSWER', 'CANDIDATE', 'LEAVE']);

function relayedFrame(data: unknown): { type: string; dst: string } | null {
  try {
    const m = JSON.parse(String(data)) as { type?: unknown; dst?: unknown };
    return typeof m.type === 'string' && RELAYED.has(m.type) && typeof m.dst === 'string'
      ? (m as { type: string; dst: string })
      : null;
  } catch {
    return null;
  }
}

/**
 * The PeerJS signalling server (`peer` package) on /peerjs with key `peerjs` (spec 2 §7, ADR 0031),
 * sharing the HTTP server. Its WebSocket only opens for an id of a session that is live in the assist
 * relay right now (`{projectKey}-{sessionId}-{suffix}`), so the signalling server is no open relay for
 * strangers and no one parks on ids of sessions that are not being assisted.
 */
export function createPeerServer(opts: {
  server: HttpServer;
  isRoomLive: (room: string) => Promise<boolean>;
  /** The server's TRUST_PROXY: false, a hop count or addresses (express's `trust proxy` takes all three). */
  trustProxy: false | number | string[];
  /**
   * Hands a signalling frame for a peer not connected here to the other processes (ADR 0031): the
   * `peer` package keeps its peers in memory, so without this both peers would need the same process.
   */
  forward?: (dst: string, frame: string) => void;
}) {
  let wss: WebSocketServer | undefined;
  // Peers whose PeerJS socket is on this process, by id.
  const local = new Map<string, WebSocket>();
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
      return wss;
    },
  } as Parameters<typeof ExpressPeerServer>[1]);
  // ExpressPeerServer wires itself up when mounted into an Express app; Fastify hands that app the requests.
  const host = express();
  host.disable('x-powered-by');
  host.use(peerApp);

  const wsPath = `${PEER_PATH}/peerjs`;
  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== wsPath) return;
    const id = url.searchParams.get('id') ?? '';
    const room = UUID_ROOM.exec(id)?.[1];
    const allowed =
      isValidPeerId(id) && room !== undefined && (await opts.isRoomLive(room).catch(() => false));
    if (!allowed || !wss) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (opts.forward) shareSignals(id, ws, opts.forward);
      wss?.emit('connection', ws, req);
    });
  }

  /** Frames for a peer on another process skip the `peer` package (which would queue them) and go there. */
  function shareSignals(id: string, ws: WebSocket, forward: (dst: string, frame: string) => void) {
    if (!local.has(id)) local.set(id, ws);
    ws.on('close', () => {
      if (local.get(id) === ws) local.delete(id);
    });
    const emit = ws.emit.bind(ws);
    ws.emit = ((event: string, ...args: unknown[]) => {
      if (event === 'message') {
        const m = relayedFrame(args[0]);
        if (m && !local.has(m.dst)) {
          forward(m.dst, JSON.stringify({ ...m, src: id }));
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
