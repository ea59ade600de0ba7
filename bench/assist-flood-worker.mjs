// The flooder of assist-flood.mjs, in its own process (its job as JSON in argv[2]): sockets on one learner session's token, each sending
// frames just under the relay's frame limit as fast as it may (every 50th the review's 900 KB frame), and
// reconnecting whenever the server closes or refuses it. Reports what it managed; stops after `seconds`.
import { io } from 'socket.io-client';

const { base, path, projectKey, session, sockets, seconds, frameChars } = JSON.parse(process.argv[2]);
const frame = { meta: { tabId: 'x' }, data: [[0, 'x'.repeat(frameChars)]] };
const huge = { meta: { tabId: 'x' }, data: [[0, 'x'.repeat(900_000)]] };
const stats = { opened: 0, refused: {}, closed: 0, frames: 0 };
const until = Date.now() + seconds * 1000;
let n = 0;

function one() {
  if (Date.now() >= until) return Promise.resolve();
  const tabId = `flood-${n++}`;
  const s = io(base, {
    path,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: session.token },
    query: {
      peerId: `${projectKey}-${session.sessionId}-${tabId}`,
      identity: 'session',
      tabId,
      sessionInfo: '{}',
    },
  });
  return new Promise((resolve) => {
    s.once('connect_error', (e) => {
      const code = e.data?.code ?? e.message;
      stats.refused[code] = (stats.refused[code] ?? 0) + 1;
      s.close();
      // Refused: try again a moment later, as a hostile client would.
      setTimeout(() => one().then(resolve), 50);
    });
    s.once('connect', () => {
      stats.opened++;
      let i = 0;
      const pump = () => {
        if (!s.connected || Date.now() >= until) return;
        // Backpressure: frames the socket could not write yet wait in engine.io's buffer; keep it short.
        if (s.io.engine.writeBuffer.length > 8) return void setTimeout(pump, 1);
        for (let k = 0; k < 4; k++) {
          s.emit('messages', i++ % 50 === 49 ? huge : frame);
          stats.frames++;
        }
        setImmediate(pump);
      };
      pump();
    });
    s.once('disconnect', () => {
      stats.closed++;
      s.close();
      one().then(resolve);
    });
  });
}

await Promise.race([
  Promise.all(Array.from({ length: sockets }, one)),
  new Promise((r) => setTimeout(r, seconds * 1000 + 500)),
]);
process.stdout.write(JSON.stringify(stats));
process.exit(0);
