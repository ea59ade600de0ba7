import { createServer } from 'node:net';
import { buildApp } from '@atrium/server';
import { loadConfig } from '@atrium/server/config';
import { startSmtpSink } from '@atrium/server/test/smtp-sink';
import { openTestDatabase } from '@atrium/server/test/test-databases';
import { configuredKind, PORTAL_DIST } from './server.ts';

/** A free local port, for a server that must know its own address before it starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Like startTestServer, but listening on `port` with PUBLIC_URL on that very address: for journeys where
 * another party sends the browser back to the server (an OpenID provider's redirect URI, ADR 0036).
 */
export async function startServerAtPublicUrl(port: number, env: Record<string, string>) {
  const database = await openTestDatabase(configuredKind);
  const smtp = await startSmtpSink();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    PORTAL_DIST,
    SMTP_URL: smtp.url,
    ...env,
  });
  const app = await buildApp(config, { database });
  await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    baseUrl,
    smtp,
    kind: configuredKind,
    urlOnServer: (link: string) => {
      const url = new URL(link);
      return `${baseUrl}${url.pathname}${url.search}`;
    },
    async execute(): Promise<void> {
      throw new Error('not used by these journeys');
    },
    async close() {
      await app.close();
      await database.close();
      await smtp.close();
    },
  };
}
