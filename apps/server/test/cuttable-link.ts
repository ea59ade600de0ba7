import { createServer, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP link to `target` (host:port) that a test can cut, as a network partition would: every open connection
 * is dropped and new ones are refused until `restore()`. Real bytes pass through unchanged.
 */
export async function cuttableLink(targetHost: string, targetPort: number) {
  const open = new Set<Socket>();
  let cut = false;
  const server = createServer((client) => {
    if (cut) return client.destroy();
    const upstream = tcpConnect(targetPort, targetHost);
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    cut() {
      cut = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
