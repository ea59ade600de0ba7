import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { trackerStartBody } from '../../../test/tracker-start-body.ts';
import { createBatchParserPool } from './batch-parser-pool.ts';

const startBody = (tabId: string) => trackerStartBody({ tabId });

/** The review's bomb: 6.3 KB of gzip holding 1.6 million `[0]` messages (6.4 MB of JSON). */
function bomb(batchId: string): Buffer {
  const head = `{"batchId":"${batchId}","tabId":"tab-f","pageNo":1,"seq":0,"messages":[`;
  return gzipSync(Buffer.from(`${head}${'[0],'.repeat(1_600_000)}[0]]}`), { level: 9 });
}

describe.each(databaseKinds)('ingest batches a hostile client sends, on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let sessionId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { INGEST_BATCHES_PER_MINUTE_PER_SESSION: '20' });
    const start = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/start',
      payload: startBody('tab-f'),
    });
    token = start.json().token;
    sessionId = start.json().sessionID;
  });
  afterAll(() => t.close());

  const post = (body: Buffer | string, opts: { gzip?: boolean; query?: string; bearer?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/ingest/v1/web/i${opts.query ?? ''}`,
      headers: {
        authorization: `Bearer ${opts.bearer ?? token}`,
        'content-type': 'application/json',
        ...(opts.gzip ? { 'content-encoding': 'gzip' } : {}),
      },
      payload: body,
    });

  it('refuses a gzip bomb by its inflate ratio, storing nothing', async () => {
    const body = bomb('tab-f-1-0');
    expect(body.length).toBeLessThan(10_000);
    const res = await post(body, { gzip: true, query: '?batch=tab-f-1-0' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'payload_too_large', message: expect.any(String) });
    const staffView = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(staffView.statusCode).toBe(200);
  });

  it('refuses more messages than a batch may hold, with 413 so the tracker splits it', async () => {
    const messages = Array.from({ length: 20_001 }, () => [0, 1]);
    const body = JSON.stringify({ batchId: 'tab-f-1-1', tabId: 'tab-f', pageNo: 1, seq: 1, messages });
    const res = await post(gzipSync(body), { gzip: true, query: '?batch=tab-f-1-1' });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('too_many_messages');
  });

  it('acknowledges a retried batch from its id alone, before reading the body', async () => {
    const batch = { batchId: 'tab-f-1-2', tabId: 'tab-f', pageNo: 1, seq: 2, messages: [[0, Date.now()]] };
    expect((await post(JSON.stringify(batch), { query: '?batch=tab-f-1-2' })).json()).toEqual({
      ok: true,
      duplicate: false,
    });
    // The retry's body is never parsed: even garbage is acknowledged as the duplicate it claims to be.
    const retry = await post('not json at all', { query: '?batch=tab-f-1-2' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ ok: true, duplicate: true });
    // A body that does not match the id it was sent under is refused.
    const lie = await post(JSON.stringify({ ...batch, batchId: 'tab-f-1-3', seq: 3 }), {
      query: '?batch=tab-f-1-9',
    });
    expect(lie.statusCode).toBe(400);
    expect(lie.json().code).toBe('batch_id_mismatch');
  });

  it('answers deeply nested JSON with a 4xx, not a 500', async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const body = `{"batchId":"tab-f-1-4","tabId":"tab-f","pageNo":1,"seq":4,"messages":[[0,${deep}]]}`;
    const res = await post(gzipSync(body), { gzip: true, query: '?batch=tab-f-1-4' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('limits uploads per session token, answering 429 in the one error shape', async () => {
    const statuses: number[] = [];
    for (let seq = 10; seq < 40; seq++) {
      const batchId = `tab-f-1-${seq}`;
      const body = JSON.stringify({ batchId, tabId: 'tab-f', pageNo: 1, seq, messages: [[0, Date.now()]] });
      statuses.push((await post(body, { query: `?batch=${batchId}` })).statusCode);
    }
    expect(statuses).toContain(429);
    const last = await post('{}', { query: '?batch=tab-f-1-99' });
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({ code: 'rate_limited', message: expect.stringContaining('秒後再試') });
    expect(sessionId).toBeTruthy();
  });
});

describe.each(databaseKinds)('ingest batches of one address over many sessions, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { INGEST_BATCHES_PER_MINUTE_PER_ADDRESS: '6' });
  });
  afterAll(() => t.close());

  const startFrom = async (tabId: string, remoteAddress: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/start',
        payload: startBody(tabId),
        remoteAddress,
      })
    ).json().token as string;
  const upload = (token: string, tabId: string, seq: number, remoteAddress: string) => {
    const batchId = `${tabId}-1-${seq}`;
    return t.app.inject({
      method: 'POST',
      url: `/ingest/v1/web/i?batch=${batchId}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ batchId, tabId, pageNo: 1, seq, messages: [[0, Date.now()]] }),
      remoteAddress,
    });
  };

  it('limits uploads per address even when each comes from a fresh session', async () => {
    // Sessions are free to start: a new one per upload must not escape the per-address limit.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const tabId = `tab-a${i}`;
      const token = await startFrom(tabId, '10.9.0.1');
      statuses.push((await upload(token, tabId, 0, '10.9.0.1')).statusCode);
    }
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses.slice(6)).toEqual([429, 429]);
    // A learner at another address uploads as usual.
    const token = await startFrom('tab-b', '10.9.0.2');
    expect((await upload(token, 'tab-b', 0, '10.9.0.2')).statusCode).toBe(200);
  });
});

describe('the batch parser pool', () => {
  const pool = createBatchParserPool({
    size: 1,
    maxQueue: 64,
    maxPerSession: 2,
    maxPerAddress: 3,
    limits: { maxInflatedBytes: 10_000_000, maxInflateRatio: 100, maxMessages: 20_000 },
  });
  afterAll(() => pool.close());

  it('keeps one address from filling the shared queue, whatever sessions it started', async () => {
    const body = (n: number) =>
      Buffer.from(
        JSON.stringify({ batchId: `b-${n}`, tabId: 't', pageNo: 1, seq: n, messages: [[0, Date.now()]] }),
      );
    // A flooder queues one job per fresh session from one address: the fourth is refused at once...
    const flood = [0, 1, 2, 3].map((n) =>
      pool.parse(body(n), 'identity', { session: `flood-${n}`, address: '10.9.1.1' }).then(
        () => 200,
        (error: { status: number }) => error.status,
      ),
    );
    // ...while a learner at another address still gets a place in the queue.
    const learner = pool.parse(body(9), 'identity', { session: 'learner', address: '10.9.1.2' });
    expect(await Promise.all(flood)).toEqual([200, 200, 200, 429]);
    expect((await learner).batchId).toBe('b-9');
  });
});
