import { createServer } from 'node:net';
import { MessageType } from '@atrium/protocol/tracker/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { S3RVER_BUCKET, startS3rver } from '../../../test/start-s3rver.ts';
import { trackerStartBody } from '../../../test/tracker-start-body.ts';

/** A loopback port nothing listens on (yet): where the bucket will come back. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * Issue 22: a blob store that refuses writes is the server's trouble, not the batch's — the tracker is told to
 * come back (503 + Retry-After, nothing indexed, so the retry is taken), the log says so once rather than per
 * batch, and once the store is back the same batch is stored and replays.
 */
describe('a blob store that refuses writes (S3 endpoint down, then back)', () => {
  let t: TestApp;
  let agent: TestUser;
  let port: number;
  let s3: Awaited<ReturnType<typeof startS3rver>> | null = null;
  const lines: string[] = [];

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp(
      'pglite',
      {
        LOG_LEVEL: 'warn',
        S3_BUCKET: S3RVER_BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
      { logStream: { write: (line) => lines.push(line) } },
    );
    agent = await createTestUser(t.app, { role: 'agent' });
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('answers 503 with Retry-After, logs it once, and takes the same batch once the store is back', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/start',
      payload: trackerStartBody(),
    });
    const { token, sessionID } = start.json();
    const at = Date.now();
    const send = (seq: number) =>
      t.app.inject({
        method: 'POST',
        url: `/ingest/v1/web/i?batch=tab-1-1-${seq}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({
          batchId: `tab-1-1-${seq}`,
          tabId: 'tab-1',
          pageNo: 1,
          seq,
          messages: [
            [MessageType.Timestamp, at + seq],
            [MessageType.TabData, 'tab-1'],
            [MessageType.CustomEvent, 'kept', JSON.stringify({ seq })],
          ],
        }),
      });

    for (const seq of [0, 1, 2]) {
      const res = await send(seq);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('storage_unavailable');
      expect(res.headers['retry-after']).toBe('5');
    }
    const warnings = lines.map((l) => JSON.parse(l)).filter((e) => e.msg === 'blob store call failed');
    expect(warnings).toHaveLength(1);
    expect(lines.some((l) => l.includes('unhandled error'))).toBe(false);

    s3 = await startS3rver(port);
    for (const seq of [0, 1, 2]) expect((await send(seq)).statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'GET',
      url: `/v1/console/sessions/${sessionID}/messages`,
      headers: agent.auth,
    });
    expect(replay.body.trim().split('\n')).toHaveLength(3);
    expect(replay.body).toContain('\\"seq\\":2');
  });
});
