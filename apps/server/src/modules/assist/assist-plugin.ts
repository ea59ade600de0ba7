import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { createAssistRelay } from './assist-relay.ts';
import { createPeerServer } from './peer-server.ts';
import { assistConsoleRoutes, peerHttpRoutes } from './routes.ts';
import { assistStatsRoutes } from './stats-routes.ts';

/**
 * Live assist on this process (ADR 0030, 0031): the socket.io relay on /ws-assist/socket, the console's
 * list and config calls, and the PeerJS server on /peerjs, which lets in only ids of rooms the relay
 * knows, so it runs where the relay runs.
 */
export async function registerAssist(
  app: FastifyInstance,
  opts: { peer: boolean; databaseKind: DatabaseHandle['kind'] },
) {
  const relay = await createAssistRelay({
    server: app.server,
    db: app.db,
    databaseKind: opts.databaseKind,
    ingestSecret: app.config.ingest.secret,
    iceServers: app.config.assist.iceServers,
    redisUrl: app.config.redisUrl,
    redisKeyPrefix: app.config.redisKeyPrefix,
    trustProxy: app.config.trustProxy,
    limits: app.config.assist,
    log: app.log,
    onRefused: (code) => app.metrics.assist.refusedHandshakes.inc({ code }),
  });
  app.addHook('preClose', async () => relay.close());
  // Read at each scrape, not counted: the relay's logic stays as it is (ADR 0052). A session room is the
  // one with a `{room}:tabs` or `{room}:agents` sub-room (its name alone may hold anything a key holds).
  app.metrics.collect(() => {
    app.metrics.assist.sockets.set(relay.io.engine.clientsCount);
    const sessionRooms = new Set<string>();
    for (const name of relay.io.of('/').adapter.rooms.keys()) {
      const room = name.match(/^(.+):(?:tabs|agents)$/)?.[1];
      if (room) sessionRooms.add(room);
    }
    app.metrics.assist.rooms.set(sessionRooms.size);
  });
  await app.register(assistConsoleRoutes, { prefix: '/v1/console/assist', relay });
  await app.register(assistStatsRoutes, { prefix: '/v1/console/assist' });
  if (opts.peer) {
    const peer = createPeerServer({
      server: app.server,
      isRoomLive: relay.roomIsLive,
      secret: app.config.ingest.secret,
      trustProxy: app.config.trustProxy,
      forward: relay.peerSignals?.send,
      onMediaAnswer: relay.callAnswered,
      log: app.log,
    });
    relay.peerSignals?.receive(peer.deliver);
    app.addHook('preClose', async () => peer.close());
    await app.register(peerHttpRoutes, { handle: peer.handle });
  }
  return relay;
}
