import { createServer, type Server, Socket } from 'node:net';
import { MessageType } from '@atrium/protocol/tracker/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../test/create-test-user.ts';
import { recordWithTracker } from '../../test/record-with-tracker.ts';
import { openTestDatabase } from '../../test/test-databases.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { databaseUnavailable } from './database-unavailable.ts';

describe('which database failures are "try again later"', () => {
  it('takes resource, shutdown, failover and connection failures, through the wrapper chain', () => {
    for (const code of ['53100', '53200', '53300', '57P01', '57P03', '25006', '08006', 'ECONNREFUSED'])
      expect(databaseUnavailable(new Error('query failed', { cause: { code } }))).toBe(code);
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe('connection');
  });
  it('leaves the caller’s bad input and our own bugs alone', () => {
    for (const code of ['22021', '23505', '42P01', '40001'])
      expect(databaseUnavailable(new Error('query failed', { cause: { code } }))).toBeUndefined();
    expect(databaseUnavailable(new TypeError('x is undefined'))).toBeUndefined();
  });
});

/**
 * Issue 22 (the fault bench's PostgreSQL-disk-full row): a database that cannot serve used to answer every
 * request 500 with a stack trace in the log per request. Now the portal and the tracker are told to come back
 * (503 + Retry-After; the tracker keeps its batch), the log says so once, and all is well once it is back. The
 * app talks to the real PostgreSQL through a TCP relay the test cuts, as a network partition or a database
 * restart would.
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL out of reach', () => {
  let fresh: Awaited<ReturnType<typeof openTestDatabase>>;
  let relay: Server;
  let open = true;
  const sockets = new Set<Socket>();
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: ReturnType<typeof openDatabase>;
  let learner: TestUser;
  const lines: string[] = [];

  beforeAll(async () => {
    fresh = await openTestDatabase('postgres');
    const target = new URL(fresh.url!);
    relay = createServer((client) => {
      if (!open) return client.destroy();
      const server = new Socket();
      server.connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, server]) {
        sockets.add(s);
        s.on('error', () => undefined);
        s.on('close', () => sockets.delete(s));
      }
      client.pipe(server).pipe(client);
      client.on('close', () => server.destroy());
      server.on('close', () => client.destroy());
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const through = new URL(fresh.url!);
    through.host = `127.0.0.1:${(relay.address() as { port: number }).port}`;
    database = openDatabase({ databaseUrl: through.toString(), dataDir: 'memory://' });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: 'memory://',
      PORT: '0',
      PUBLIC_URL: 'http://localhost:3000',
      SMTP_URL: '',
    });
    app = await buildApp(config, { database, logStream: { write: (line: string) => lines.push(line) } });
    await app.ready();
    learner = await createTestUser(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    relay?.close();
    await fresh?.close();
  });

  it('answers 503 with Retry-After while it is away, logs it once, and serves again once it is back', async () => {
    const tracker = recordWithTracker(app);
    const { token } = await tracker.start('tab-1', { url: 'https://portal.example/tasks' });
    const batch = (seq: number) =>
      tracker.upload(token, 'tab-1', seq, [
        [MessageType.Timestamp, Date.now()],
        [MessageType.CustomEvent, 'kept', JSON.stringify({ seq })],
      ]);
    expect((await batch(0)).statusCode).toBe(200);

    // Cut: every open connection dropped, new ones refused.
    open = false;
    for (const s of sockets) s.destroy();
    const before = lines.length;
    for (let i = 0; i < 3; i++) {
      const profile = await app.inject({ method: 'GET', url: '/v1/user/profile', headers: learner.auth });
      expect(profile.statusCode).toBe(503);
      expect(profile.headers['retry-after']).toBe('5');
      expect(profile.json()).toEqual({
        code: 'database_unavailable',
        message: '服務暫時無法使用，請稍後再試',
      });
      const refused = await batch(1);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().code).toBe('database_unavailable');
    }
    const said = lines.slice(before).filter((l) => l.includes('database unavailable'));
    expect(said).toHaveLength(1);
    expect(lines.slice(before).some((l) => l.includes('unhandled error'))).toBe(false);

    // Back: the same batch the tracker kept is taken, and the learner's page loads.
    open = true;
    const retried = await batch(1);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().duplicate).toBe(false);
    const profile = await app.inject({ method: 'GET', url: '/v1/user/profile', headers: learner.auth });
    expect(profile.statusCode).toBe(200);
  });
});
