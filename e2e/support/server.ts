import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@atrium/server';
import { loadConfig } from '@atrium/server/config';
import { startSmtpSink } from '@atrium/server/test/smtp-sink';
import { type DatabaseKind, openTestDatabase } from '@atrium/server/test/test-databases';
import { sql } from 'drizzle-orm';

export const PORTAL_DIST = fileURLToPath(new URL('../../apps/portal/dist', import.meta.url));

/** PostgreSQL when DATABASE_URL is set (CI), otherwise PGlite: the database most journeys run on. */
export const configuredKind: DatabaseKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * The real server in this process on an ephemeral port, with a fresh database, the built portal and a real
 * SMTP sink. Mail links carry the configured PUBLIC_URL; journeys open their path on `baseUrl` (urlOnServer).
 */
export async function startTestServer(kind: DatabaseKind = configuredKind, env: Record<string, string> = {}) {
  const database = await openTestDatabase(kind);
  const smtp = await startSmtpSink();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: 'http://localhost:3000',
    PORTAL_DIST,
    SMTP_URL: smtp.url,
    ...env,
  });
  const app = await buildApp(config, { database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    app,
    baseUrl,
    smtp,
    kind,
    /** A mailed link's path and query, on this server. */
    urlOnServer(link: string): string {
      const url = new URL(link);
      return `${baseUrl}${url.pathname}${url.search}`;
    },
    /** Raw SQL on the test database, for what no user can do (e.g. letting a link expire). */
    async execute(query: string): Promise<void> {
      await database.db.execute(sql.raw(query));
    },
    async close() {
      await app.close();
      await database.close();
      await smtp.close();
    },
  };
}
