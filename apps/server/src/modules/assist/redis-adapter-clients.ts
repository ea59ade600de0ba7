import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis clients of the socket.io adapter. Their errors are logged once per outage (unheard, every failed
 * reconnect is an unhandled error). If Redis cannot be reached at boot, this process serves assist on its own
 * (visitors and agents on it still meet) instead of refusing to start; it says so in the log.
 */
export async function connectAdapterClients(url: string, log: FastifyBaseLogger) {
  const pub = new Redis(url, { lazyConnect: true, connectTimeout: 3000 });
  const sub = new Redis(url, { lazyConnect: true, connectTimeout: 3000 });
  let down = false;
  for (const client of [pub, sub]) {
    // The adapter publishes without waiting for the answer; during a Redis outage ioredis rejects queued
    // commands after its retries, and an unheard rejection ends the process. Callers that wait still see it.
    const send = client.sendCommand.bind(client);
    client.sendCommand = ((...args: Parameters<typeof send>) => {
      const answer = send(...args);
      if (answer instanceof Promise) answer.catch(() => undefined);
      return answer;
    }) as typeof send;
    client.on('error', (err) => {
      if (down) return;
      down = true;
      log.warn({ err: { message: err.message } }, 'Redis unreachable: assist rooms are not shared');
    });
    client.on('ready', () => {
      down = false;
    });
  }
  try {
    await Promise.all([pub.connect(), sub.connect()]);
    return { pub, sub };
  } catch {
    pub.disconnect();
    sub.disconnect();
    log.warn('Redis not reachable at start: assist serves this process only until a restart');
    return null;
  }
}
