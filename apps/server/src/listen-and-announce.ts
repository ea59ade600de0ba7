import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { demoAccounts } from './db/seed/seed-demo-accounts.ts';
import { startBanner } from './lib/start-banner.ts';
import { devMailboxEnabled } from './modules/dev-mail/index.ts';

/**
 * Listens, then says so: a short banner in development, one JSON line elsewhere. A port that is taken or not
 * allowed ends the process with one sentence instead of a stack trace.
 */
export async function listenAndAnnounce(app: FastifyInstance, config: Config): Promise<void> {
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      const why = code === 'EADDRINUSE' ? 'is already in use (is Atrium already running?)' : 'is not allowed';
      console.error(
        `Cannot start: port ${config.port} on ${config.host} ${why}. Stop the other process or set PORT to a free port, e.g. PORT=3001 npm start.`,
      );
      await app.close().catch(() => {});
      process.exit(1);
    }
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
  const url = `http://${host}:${port}`;
  if (config.env !== 'development') {
    app.log.info({ url, dataDir: config.dataDir }, 'listening');
    return;
  }
  const banner = startBanner(config, {
    url,
    demoSignIns: demoAccounts.map((a) => `${a.email} / ${a.password} (${a.role})`),
    devMailbox: devMailboxEnabled(config),
  });
  console.log(`\n${banner}\n`);
}
