import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { ASSIST_SOCKET_PATH, assistRoomId, ServerEvent, visitorPeerId } from '@atrium/protocol/assist';
import { MessageType } from '@atrium/protocol/tracker/index';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX } from '../../../scripts/ensure-nginx.mjs';
import {
  type Nginx,
  type ServerProcess,
  startNginx,
  startServerProcess,
} from '../../../scripts/nginx-cluster.mjs';
import { PORTAL_PROJECT } from '../src/db/seed/seed-ingest.ts';
import { connected, next } from './assist-harness.ts';
import { createTestUser, type TestUser } from './create-test-user.ts';
import { redisAnswers, redisTestUrl } from './redis-available.ts';
import { startS3rver } from './start-s3rver.ts';
import { openTestDatabase } from './test-databases.ts';
import { trackerStartBody } from './tracker-start-body.ts';

const redis = await redisAnswers();
const postgres = Boolean(process.env.DATABASE_URL);
const nginx = existsSync(NGINX);
const missing = [!redis && 'Redis', !postgres && 'DATABASE_URL', !nginx && NGINX].filter(Boolean);
if (missing.length > 0 && process.env.CI) throw new Error(`needed in CI: ${missing.join(', ')}`);
if (missing.length > 0) console.warn(`processes-behind-nginx: skipped, missing ${missing.join(', ')}`);

/** One process's own count of a metric (its /metrics, asked directly: loopback may read it). */
async function metric(p: ServerProcess, name: string): Promise<number> {
  const text = await (await fetch(`${p.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The reference deployment of docs/deploy.md as real processes on this machine: two `web,ingest` processes
 * and two `assist,peer` processes (the reference runs one; a second shows the relay meets across them), one
 * PostgreSQL database, one Redis, one S3 bucket (s3rver), and nginx in front with round-robin for HTTP and
 * the WebSocket upgrade for the relay — no sticky routing anywhere.
 */
describe.skipIf(missing.length > 0)('four server processes behind nginx', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let web: ServerProcess[] = [];
  let assist: ServerProcess[] = [];
  let proxy: Nginx | undefined;
  let agent: TestUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // A fresh database, migrated here: processes starting together would each try to migrate it.
    database = await openTestDatabase('postgres');
    s3 = await startS3rver();
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url!,
      REDIS_URL: redisTestUrl,
      REDIS_KEY_PREFIX: `nginx-test-${process.pid}:`,
      INGEST_SECRET: 'one-deployment-one-secret-of-32-chars-or-more',
      MAIL_TRANSPORT: 'log',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      ...s3.env,
    };
    const start = (name: string, services: string) =>
      startServerProcess(name, { ...env, ATRIUM_SERVICES: services });
    web = await Promise.all([start('web-1', 'web,ingest'), start('web-2', 'web,ingest')]);
    assist = await Promise.all([start('assist-1', 'assist,peer'), start('assist-2', 'assist,peer')]);
    await Promise.all([...web, ...assist].map((p) => p.ready()));
    proxy = await startNginx({ web: web.map((p) => p.url), assist: assist.map((p) => p.url) });
    agent = await createTestUser({ db: database.db } as unknown as FastifyInstance, {
      role: 'agent',
      nickname: '跨程序客服',
    });
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await proxy?.stop();
    await Promise.all([...web, ...assist].map((p) => p.stop()));
    await s3?.close();
    await database?.close();
  }, 30_000);

  it('a recording whose batches were taken by both web processes replays whole and in order', async () => {
    const base = proxy!.url;
    const start = await fetch(`${base}/ingest/v1/web/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(trackerStartBody({ tabId: 'tab-a', url: 'https://portal.example/dashboard' })),
    });
    expect(start.status).toBe(200);
    const { token, sessionID } = (await start.json()) as { token: string; sessionID: string };
    const before = await Promise.all(web.map((p) => metric(p, 'atrium_ingest_batches_total')));

    const t0 = Date.now() - 60_000;
    const sent: unknown[][][] = [];
    for (let seq = 0; seq < 8; seq++) {
      const messages: unknown[][] = [
        [MessageType.Timestamp, t0 + seq * 1000],
        [MessageType.SetPageLocation, `https://portal.example/tasks/${seq}`, '', t0 + seq * 1000],
      ];
      if (seq === 0) messages.unshift([MessageType.TabData, 'tab-a']);
      sent.push(messages);
      const body = gzipSync(
        JSON.stringify({ batchId: `tab-a-1-${seq}`, tabId: 'tab-a', pageNo: 1, seq, messages }),
      );
      const up = await fetch(`${base}/ingest/v1/web/i?batch=tab-a-1-${seq}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-encoding': 'gzip',
        },
        body,
      });
      expect(up.status).toBeLessThan(300);
    }
    // Round-robin: each web process took some of the batches, and together they took all of them.
    const taken = (await Promise.all(web.map((p) => metric(p, 'atrium_ingest_batches_total')))).map(
      (n, i) => n - (before[i] ?? 0),
    );
    expect(taken.every((n) => n > 0)).toBe(true);
    expect(taken.reduce((a, b) => a + b)).toBe(8);

    // The staff replay, through the proxy (either process may answer): every batch, in order, each whole.
    const auth = { authorization: `Bearer ${agent.token}` };
    const batches = (await (
      await fetch(`${base}/v1/console/sessions/${sessionID}/batches`, { headers: auth })
    ).json()) as {
      seq: number;
    }[];
    expect(batches.map((b) => b.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const stream = await fetch(`${base}/v1/console/sessions/${sessionID}/messages`, { headers: auth });
    expect(stream.status).toBe(200);
    const lines = (await stream.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { seq: number; messages: unknown[][] });
    expect(lines.map((l) => l.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const [i, line] of lines.entries()) expect(line.messages).toEqual(sent[i]);
  });

  it('live assist through the proxy: the visitor and the agent land on different processes and still talk', async () => {
    const base = proxy!.url;
    const start = await fetch(`${base}/ingest/v1/web/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(trackerStartBody({ tabId: 'tab-live' })),
    });
    const { token, sessionID } = (await start.json()) as { token: string; sessionID: string };
    const room = assistRoomId(PORTAL_PROJECT.key, sessionID);
    const open = (query: Record<string, string>, auth: Record<string, string>) => {
      const socket = io(base, {
        path: ASSIST_SOCKET_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth,
        query,
      });
      sockets.push(socket);
      return socket;
    };
    const socketsOn = () => Promise.all(assist.map((p) => metric(p, 'atrium_assist_sockets')));
    const before = await socketsOn();

    const visitor = open(
      {
        peerId: visitorPeerId(PORTAL_PROJECT.key, sessionID, 'tab-live'),
        identity: 'session',
        tabId: 'tab-live',
        sessionInfo: JSON.stringify({ pageTitle: '課程首頁', active: true }),
      },
      { token },
    );
    await connected(visitor);
    // nginx's round-robin picks the next process for each new connection: the agent lands on the other one.
    const newAgent = next(visitor, ServerEvent.NEW_AGENT, 10_000);
    const agentSocket = open({ peerId: room, identity: 'agent' }, { token: agent.token });
    await connected(agentSocket);
    await until(async () => (await socketsOn()).every((n, i) => n - (before[i] ?? 0) === 1));
    await newAgent;

    const meta = { tabId: 'tab-live' };
    const batch = next<[{ data: unknown[][] }]>(agentSocket, 'messages', 10_000);
    visitor.emit('messages', { meta, data: [[0, 1]] });
    expect((await batch)[0].data).toEqual([[0, 1]]);
    // …and back: the learner sees the agent's account name, relayed from the agent's process.
    const named = next(visitor, '_agent_name', 10_000);
    agentSocket.emit('_agent_name', { meta, data: 'spoofed' });
    expect(JSON.stringify(await named)).toContain('跨程序客服');
  });
});
