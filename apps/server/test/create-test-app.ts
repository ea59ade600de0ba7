import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createMailer } from '../src/lib/mail.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { type DatabaseKind, openTestDatabase } from './test-databases.ts';

export interface TestApp {
  app: FastifyInstance;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of `kind` (or the migrated `database` given, closed with the app), mailing
 * through a real SMTP server. `env` overrides configuration the way the environment would.
 */
export async function createTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  { database: given, ...deps }: Pick<AppDeps, 'logStream' | 'database'> = {},
): Promise<TestApp> {
  const database = given ?? (await openTestDatabase(kind));
  const smtp = await startSmtpSink();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    PORT: '0',
    PUBLIC_URL: 'http://localhost:3000',
    SMTP_URL: smtp.url,
    ...env,
  });
  const mailer = createMailer({ smtpUrl: smtp.url, from: config.mailFrom, dataDir: config.dataDir });
  const app = await buildApp(config, { database, mailer, ...deps });
  await app.ready();
  return {
    app,
    smtp,
    async close() {
      await app.close();
      await database.close();
      await smtp.close();
    },
  };
}
