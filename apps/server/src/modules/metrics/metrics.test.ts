import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageType } from '@atrium/protocol/tracker/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, startTrackerSession, useRelayApp, visitorSocket } from '../../../test/assist-harness.ts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { trackerStartBody } from '../../../test/tracker-start-body.ts';
import { loadConfig } from '../../config.ts';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

/** One sample's value from Prometheus text, e.g. `atrium_ingest_batches_total`; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe.each(databaseKinds)('/metrics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('counts a request under its route pattern, never its URL', async () => {
    const id = '7f000000-0000-4000-8000-000000000001';
    await t.app.inject({ method: 'GET', url: `/v1/console/sessions/${id}/batches` });
    const text = await scrape();
    expect(
      sample(
        text,
        'atrium_http_requests_total{method="GET",route="/v1/console/sessions/:id/batches",status="401"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(id);
    expect(text).toContain('atrium_http_request_duration_seconds_bucket');
    // Read at scrape time: live-assist sockets of this process, and PostgreSQL's pool in use.
    expect(text).toMatch(/^atrium_assist_sockets 0$/m);
    if (kind === 'postgres')
      expect(sample(text, 'atrium_db_pool_connections{state="total"}')).toBeGreaterThan(0);
  });

  it.skipIf(kind !== 'postgres')('times PostgreSQL queries and waits for a pooled connection', async () => {
    const before = await scrape();
    const series = [
      'atrium_db_query_duration_seconds_count{outcome="ok"}',
      'atrium_db_pool_wait_seconds_count{outcome="ok"}',
    ];
    // A bearer that names no session: looked up in the database.
    await t.app.inject({ method: 'GET', url: '/v1/entry', headers: { authorization: 'Bearer nobody' } });
    const after = await scrape();
    for (const name of series) expect(sample(after, name)).toBeGreaterThan(sample(before, name));
  });

  it('counts an accepted ingest batch and its bytes, and a refused one', async () => {
    const before = await scrape();
    const started = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/start',
      payload: trackerStartBody(),
    });
    const { token } = started.json() as { token: string };
    const payload = JSON.stringify({
      batchId: 'tab-1-1-0',
      tabId: 'tab-1',
      pageNo: 1,
      seq: 0,
      messages: [
        [MessageType.Timestamp, Date.now()],
        [MessageType.MouseClick, 1, 'next', 'button.next', 10, 10],
      ],
    });
    const stored = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/i',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload,
    });
    expect(stored.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/i',
      headers: { authorization: 'Bearer not-a-token', 'content-type': 'application/json' },
      payload,
    });
    expect(refused.statusCode).toBe(401);

    const after = await scrape();
    expect(sample(after, 'atrium_ingest_batches_total') - sample(before, 'atrium_ingest_batches_total')).toBe(
      1,
    );
    expect(sample(after, 'atrium_ingest_bytes_total') - sample(before, 'atrium_ingest_bytes_total')).toBe(
      Buffer.byteLength(payload),
    );
    expect(sample(after, 'atrium_ingest_rejections_total{status="401"}')).toBe(
      sample(before, 'atrium_ingest_rejections_total{status="401"}') + 1,
    );
    expect(sample(after, 'atrium_parse_pool_parse_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(
      sample(after, 'atrium_blob_store_duration_seconds_count{operation="putIfAbsent",outcome="ok"}'),
    ).toBe(
      sample(before, 'atrium_blob_store_duration_seconds_count{operation="putIfAbsent",outcome="ok"}') + 1,
    );
  });

  it('refuses a client that is not on this host when no METRICS_TOKEN is set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'metrics_loopback_only', message: expect.any(String) });
    expect(res.body).not.toContain('atrium_');
  });
});

describe('/metrics of a build (issue 31)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    // A front end's build: hashed file names, new ones each release.
    dist = mkdtempSync(join(tmpdir(), 'atrium-metrics-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Atrium</title>');
    for (const name of ['index-3f2a9c1b.js', 'vendor-77d0e4aa.js', 'index-c0ffee12.css'])
      writeFileSync(join(dist, 'assets', name), '/* built */');
    t = await createTestApp('pglite', { ATRIUM_RELEASE: 'r2026.11.29-1', PORTAL_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('names the build this process runs, to follow a rolling upgrade', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(
      /^atrium_build_info\{release="r2026\.11\.29-1",version="\d+\.\d+\.\d+",node="v\d+\.\d+\.\d+"\} 1$/m,
    );
  });

  it('counts the front end’s files under one route label, not one per hashed file', async () => {
    for (const name of ['index-3f2a9c1b.js', 'vendor-77d0e4aa.js', 'index-c0ffee12.css']) {
      const res = await t.app.inject({ method: 'GET', url: `/assets/${name}` });
      expect(res.statusCode).toBe(200);
    }
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).not.toContain('/assets/');
    expect(sample(text, 'atrium_http_requests_total{method="GET",route="static",status="200"}')).toBe(3);
  });
});

describe('/metrics with METRICS_TOKEN set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t?.close());

  it('answers only the right bearer, from any host', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.body).not.toContain('atrium_');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('atrium_http_requests_total');
  });

  it('is refused at boot when the token is too short to resist guessing', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN/,
    );
  });
});

describe('/metrics while a learner is live in assist', () => {
  const relay = useRelayApp('pglite');

  it('counts the tab’s socket and its session room, and neither once it leaves', async () => {
    const scrape = async () => (await relay.app.inject({ method: 'GET', url: '/metrics' })).body;
    const session = await startTrackerSession(relay.app);
    const tab = visitorSocket(relay.url, session);
    await connected(tab);
    const live = await scrape();
    expect(sample(live, 'atrium_assist_sockets')).toBe(1);
    expect(sample(live, 'atrium_assist_rooms')).toBe(1);

    tab.disconnect();
    let after = await scrape();
    // The server hears the close a moment later: read again until it has.
    for (let i = 0; i < 200 && sample(after, 'atrium_assist_sockets') !== 0; i++) {
      await new Promise((r) => setImmediate(r));
      after = await scrape();
    }
    expect(sample(after, 'atrium_assist_sockets')).toBe(0);
    expect(sample(after, 'atrium_assist_rooms')).toBe(0);
  });
});
