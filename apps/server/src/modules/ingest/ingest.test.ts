import { gzipSync } from 'node:zlib';
import { type BatchEnvelope, MessageType, startResponse } from '@atrium/protocol/tracker/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { trackerStartBody } from '../../../test/tracker-start-body.ts';
import { PORTAL_PROJECT } from '../../db/seed/seed-ingest.ts';
import { SESSION_TOKEN_TTL_MS, signSessionToken } from './session-token.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

// The tracker's clock runs 1.5 s behind the server's here, so the start answer's `delay` can be checked.
const startBody = (overrides: Record<string, unknown> = {}) =>
  trackerStartBody({ timestamp: Date.now() - 1500, ...overrides });

const T0 = Date.UTC(2026, 10, 21, 4, 0, 0);

/** A realistic batch: a first page with a snapshot, clicks, an error, a user id, then a second page. */
function realisticMessages(): unknown[][] {
  return [
    [MessageType.Timestamp, T0],
    [MessageType.TabData, 'tab-1'],
    [MessageType.SetPageLocation, 'https://portal.example/learn', '', T0 - 300],
    [MessageType.SetViewportSize, 1440, 900],
    [
      MessageType.RrwebEvent,
      { type: 2, data: { node: { id: 1, type: 0, childNodes: [] } }, timestamp: T0 + 5 },
    ],
    [MessageType.Timestamp, T0 + 2_000],
    [MessageType.MouseClick, 12, '開始學習', 'button.start', 5000, 2500],
    [MessageType.UserID, 'learner@atrium.local'],
    [MessageType.ConsoleLog, 'error', 'boom'],
    [MessageType.JSException, 'TypeError', 'x is undefined', '[]', '{}'],
    [MessageType.Timestamp, T0 + 9_000],
    [MessageType.MouseClick, 14, '下一頁', 'a.next', 9000, 9000],
    [
      MessageType.SetPageLocation,
      'https://portal.example/learn/2',
      'https://portal.example/learn',
      T0 + 9_000,
    ],
    [MessageType.MouseClick, 3, '', 'div', 100, 100],
    [MessageType.Timestamp, T0 + 65_000],
    [MessageType.WebVital, 'LCP', 1200, 'good'],
  ];
}

function envelope(seq: number, messages: unknown[][], tabId = 'tab-1', pageNo = 1): BatchEnvelope {
  return { batchId: `${tabId}-${pageNo}-${seq}`, tabId, pageNo, seq, messages };
}

describe.each(databaseKinds)('ingest on %s', (kind) => {
  let t: TestApp;
  let staff: TestUser;
  let learner: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    staff = await createTestUser(t.app, { role: 'admin' });
    learner = await createTestUser(t.app);
  });
  afterAll(() => t.close());

  const start = async (overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/start',
      headers: { 'user-agent': CHROME_WINDOWS, origin: 'https://elsewhere.example', ...headers },
      payload: startBody(overrides),
    });
    return res;
  };
  const started = async (overrides: Record<string, unknown> = {}) => {
    const res = await start(overrides);
    expect(res.statusCode).toBe(200);
    return res.json() as ReturnType<typeof startResponse.parse>;
  };
  const upload = (token: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/i',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
  const staffGet = (url: string) => t.app.inject({ method: 'GET', url, headers: staff.auth });

  it('starts a session and answers every start response field, in the shape the tracker checks', async () => {
    const before = Date.now();
    const res = await start({}, { 'cf-ipcountry': 'TW' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const body = res.json();
    // Spec §5: token, userUUID and sessionID strings; delay a number; startTimestamp and beaconSizeLimit numbers.
    expect(typeof body.token).toBe('string');
    expect(typeof body.userUUID).toBe('string');
    expect(typeof body.sessionID).toBe('string');
    expect(typeof body.delay).toBe('number');
    expect(typeof body.startTimestamp).toBe('number');
    expect(typeof body.beaconSizeLimit).toBe('number');
    expect(startResponse.strict().parse(body)).toEqual(body);
    expect(body).toMatchObject({
      beaconSizeLimit: 1_000_000,
      compressionThreshold: 24_000,
      userBrowser: 'Chrome 120',
      userOS: 'Windows 10',
      userDevice: 'desktop',
      // No trusted proxy configured: a client-sent country header is not believed.
      userCountry: '',
      userState: '',
      userCity: '',
      canvasEnabled: true,
      canvasQuality: 'medium',
      canvasFPS: 1,
      assistOnly: false,
      features: [],
    });
    expect(body.delay).toBeGreaterThanOrEqual(1500);
    expect(body.startTimestamp).toBeGreaterThanOrEqual(before);

    const summary = await staffGet(`/v1/console/sessions/${body.sessionID}`);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      user_uuid: body.userUUID,
      project_id: body.projectID,
      ended: false,
    });
  });

  it('describes a phone and takes the place from a trusted proxy only', async () => {
    const trusted = await createTestApp(kind, { TRUST_PROXY: '1' });
    try {
      const res = await trusted.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/start',
        headers: { 'user-agent': IPHONE, 'cf-ipcountry': 'tw', 'x-city': 'Taipei', 'x-region': '<script>' },
        payload: startBody(),
      });
      expect(res.json()).toMatchObject({
        userBrowser: 'Mobile Safari 17',
        userOS: 'iOS 17.0',
        userDevice: 'mobile',
        userCountry: 'TW',
        userCity: 'Taipei',
        userState: '',
      });
    } finally {
      await trusted.close();
    }
  });

  it('continues the tab session with its previous token, and starts anew on reset or a forged token', async () => {
    const first = await started({ userID: 'u-1' });
    const again = await started({ token: first.token });
    expect(again.sessionID).toBe(first.sessionID);
    expect(again.userUUID).toBe(first.userUUID);
    expect(again.startTimestamp).toBe(first.startTimestamp);
    expect(again.token).not.toBe('');

    const reset = await started({ token: first.token, reset: true });
    expect(reset.sessionID).not.toBe(first.sessionID);
    const forged = await started({ token: `${first.token.slice(0, -4)}AAAA` });
    expect(forged.sessionID).not.toBe(first.sessionID);
    const garbage = await started({ token: 'not-a-token' });
    expect(garbage.sessionID).not.toBe(first.sessionID);
  });

  it("keeps the visitor's userUUID across sessions when the tracker sends it back; ignores anything else", async () => {
    const first = await started({});
    const later = await started({ userUUID: first.userUUID, reset: true });
    expect(later.sessionID).not.toBe(first.sessionID);
    expect(later.userUUID).toBe(first.userUUID);
    const junk = await started({ userUUID: "x' or 1=1 --" });
    expect(junk.userUUID).toMatch(/^[0-9a-f-]{36}$/);
    expect(junk.userUUID).not.toBe(first.userUUID);
  });

  it('answers a conditional start without recording, then records from the real start on', async () => {
    const conditional = await started({ doNotRecord: true });
    expect(conditional).toMatchObject({ projectID: expect.any(String), features: [] });
    expect((await staffGet(`/v1/console/sessions/${conditional.sessionID}`)).statusCode).toBe(404);
    const early = await upload(conditional.token, envelope(0, realisticMessages()));
    expect(early.statusCode).toBe(401);
    expect(early.json().code).toBe('session_not_started');

    const real = await started({ token: conditional.token });
    expect(real.sessionID).toBe(conditional.sessionID);
    expect(real.userUUID).toBe(conditional.userUUID);
    expect((await upload(real.token, envelope(0, realisticMessages()))).statusCode).toBe(200);
    expect((await staffGet(`/v1/console/sessions/${real.sessionID}`)).json().batches).toBe(1);
  });

  it('records not-started and refuses unknown project keys', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/not-started',
      payload: { trackerVersion: '15.0.3', projectKey: PORTAL_PROJECT.key, doNotTrack: true, reason: 'dnt' },
    });
    expect(res.statusCode).toBe(204);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/not-started',
      payload: { trackerVersion: '15.0.3', projectKey: 'nope', doNotTrack: false, reason: 'missing Worker' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'project_not_found', message: expect.any(String) });
    const startUnknown = await start({ projectKey: 'no-such-project' });
    expect(startUnknown.statusCode).toBe(404);
    expect(startUnknown.json().code).toBe('project_not_found');
  });

  it('answers CORS preflight for any origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/ingest/v1/web/i',
      headers: {
        origin: 'https://customer.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, content-encoding',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toContain('content-encoding');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
  });

  it('stores batches with and without gzip, once per batchId, and serves them to staff in order', async () => {
    const s = await started();
    const plain = await upload(s.token, envelope(0, realisticMessages()));
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({ ok: true, duplicate: false });
    expect(plain.headers['access-control-allow-origin']).toBe('*');

    const second = envelope(1, [
      [MessageType.Timestamp, T0 + 70_000],
      [MessageType.TabData, 'tab-1'],
      [MessageType.MouseClick, 20, '送出', 'button', 1, 1],
    ]);
    const gz = await upload(s.token, gzipSync(JSON.stringify(second)), { 'content-encoding': 'gzip' });
    expect(gz.statusCode).toBe(200);
    // The same batch again (a retry after a lost answer): accepted, stored once, counted once.
    const retry = await upload(s.token, gzipSync(JSON.stringify(second)), { 'content-encoding': 'gzip' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ ok: true, duplicate: true });
    expect((await upload(s.token, envelope(0, realisticMessages()))).json().duplicate).toBe(true);

    const batches = (await staffGet(`/v1/console/sessions/${s.sessionID}/batches`)).json();
    expect(batches.map((b: { seq: number }) => b.seq)).toEqual([0, 1]);
    expect(batches[0]).toMatchObject({ tab_id: 'tab-1', page_no: 1, message_count: 16, first_timestamp: T0 });
    expect(batches[1]).toMatchObject({ message_count: 3, first_timestamp: T0 + 70_000 });

    const stream = await staffGet(`/v1/console/sessions/${s.sessionID}/messages`);
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('application/x-ndjson');
    const lines = stream.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { tabId: 'tab-1', pageNo: 1, seq: 0, messages: realisticMessages() },
      { tabId: 'tab-1', pageNo: 1, seq: 1, messages: second.messages },
    ]);
    const summary = (await staffGet(`/v1/console/sessions/${s.sessionID}`)).json();
    expect(summary).toMatchObject({ batches: 2, clicks: 4 });
  });

  it('orders the halves of a batch the tracker split after a 413 after each other', async () => {
    const s = await started();
    const half = (batchId: string, seq: number) => ({
      ...envelope(seq, [[MessageType.Timestamp, T0 + seq]]),
      batchId,
    });
    for (const b of [
      half('tab-1-1-3.2', 3),
      half('tab-1-1-3.1.2', 3),
      half('tab-1-1-4', 4),
      half('tab-1-1-3.1.1', 3),
    ]) {
      expect((await upload(s.token, b)).statusCode).toBe(200);
    }
    const batches = (await staffGet(`/v1/console/sessions/${s.sessionID}/batches`)).json();
    expect(batches.map((b: { batch_id: string }) => b.batch_id)).toEqual([
      'tab-1-1-3.1.1',
      'tab-1-1-3.1.2',
      'tab-1-1-3.2',
      'tab-1-1-4',
    ]);
  });

  it('keeps the summary figures of a realistic batch', async () => {
    const s = await started();
    expect((await upload(s.token, envelope(0, realisticMessages()))).statusCode).toBe(200);
    const summary = (await staffGet(`/v1/console/sessions/${s.sessionID}`)).json();
    expect(summary).toMatchObject({
      pages: 2,
      clicks: 3,
      errors: 1,
      user_id: 'learner@atrium.local',
      batches: 1,
      messages: 16,
      // From the first to the last message time.
      duration_ms: 65_000,
      ended: false,
      impersonated: false,
    });
    const byUser = (
      await staffGet('/v1/console/sessions?user_id=learner%40atrium.local&has_errors=true')
    ).json();
    expect(byUser.sessions.map((x: { id: string }) => x.id)).toContain(s.sessionID);
    const noErrors = (await staffGet('/v1/console/sessions?has_errors=false&page_size=100')).json();
    expect(noErrors.sessions.map((x: { id: string }) => x.id)).not.toContain(s.sessionID);
  });

  it('enforces beaconSizeLimit and refuses hostile input with 4xx, leaving other sessions as they were', async () => {
    const victim = await started();
    expect((await upload(victim.token, envelope(0, realisticMessages()))).statusCode).toBe(200);
    const victimBefore = (await staffGet(`/v1/console/sessions/${victim.sessionID}`)).json();

    const s = await started();
    const expectError = (res: { statusCode: number; json(): unknown }, status: number, code?: string) => {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ code: code ?? expect.any(String), message: expect.any(String) });
    };
    const huge = envelope(0, [[MessageType.ConsoleLog, 'log', 'x'.repeat(1_100_000)]]);
    expectError(await upload(s.token, huge), 413, 'payload_too_large');
    // A gzip bomb: 30 MB of zeros in a few KB, inflated only up to the cap.
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"batchId":"'), Buffer.alloc(30_000_000, 0x61)]));
    expect(bomb.length).toBeLessThan(1_000_000);
    expectError(await upload(s.token, bomb, { 'content-encoding': 'gzip' }), 413, 'payload_too_large');
    expectError(
      await upload(s.token, Buffer.from('not gzip'), { 'content-encoding': 'gzip' }),
      400,
      'bad_gzip',
    );
    expectError(await upload(s.token, 'abc', { 'content-encoding': 'br' }), 415, 'unsupported_encoding');
    expectError(await upload(s.token, '{"batchId": '), 400, 'bad_json');
    expectError(await upload(s.token, ''), 400);
    expectError(await upload(s.token, { ...envelope(0, []), pageNo: 'one' }), 400, 'validation');
    expectError(await upload(s.token, { ...envelope(0, []), messages: [5] }), 400, 'validation');
    expectError(await upload(s.token, { ...envelope(0, []), seq: 1e12 }), 400, 'validation');
    expectError(await upload(s.token, [1, 2, 3]), 400, 'validation');

    // Tokens: missing, forged, signed with another secret, expired.
    const noToken = await t.app.inject({ method: 'POST', url: '/ingest/v1/web/i', payload: envelope(0, []) });
    expectError(noToken, 401, 'invalid_session_token');
    // Errors carry the CORS header too, so the tracker can read the status and renew.
    expect(noToken.headers['access-control-allow-origin']).toBe('*');
    const [v, body, sig] = victim.token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const swapped = Buffer.from(JSON.stringify({ ...claims, s: s.sessionID })).toString('base64url');
    expectError(
      await upload(`${v}.${swapped}.${sig}`, envelope(9, realisticMessages())),
      401,
      'invalid_session_token',
    );
    const otherSecret = signSessionToken('another-secret-another-secret-another', {
      sessionId: victim.sessionID,
      projectId: victim.projectID,
      userUuid: victim.userUUID,
    }).token;
    expectError(await upload(otherSecret, envelope(9, realisticMessages())), 401, 'invalid_session_token');
    const expired = signSessionToken(
      t.app.config.ingest.secret,
      { sessionId: victim.sessionID, projectId: victim.projectID, userUuid: victim.userUUID },
      Date.now() - SESSION_TOKEN_TTL_MS - 1000,
    ).token;
    expectError(await upload(expired, envelope(9, realisticMessages())), 401, 'invalid_session_token');
    // Start: wrong types and a huge body.
    expectError(await start({ width: 'wide' }), 400, 'validation');
    expectError(await start({ url: 'x'.repeat(70_000) }), 413, 'payload_too_large');

    const victimAfter = (await staffGet(`/v1/console/sessions/${victim.sessionID}`)).json();
    expect({ ...victimAfter, last_activity_at: 0 }).toEqual({ ...victimBefore, last_activity_at: 0 });
    const attacked = (await staffGet(`/v1/console/sessions/${s.sessionID}`)).json();
    expect(attacked).toMatchObject({ batches: 0, messages: 0 });
  });

  it("keeps another project's token out of this project's settings", async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/v1/console/ingest/projects',
      headers: staff.auth,
      payload: { name: '其他網站', key: 'other-site' },
    });
    expect(other.statusCode).toBe(201);
    const portal = await started();
    const foreign = await started({ projectKey: 'other-site' });
    expect(foreign.projectID).toBe(other.json().id);
    // The previous token of another project never continues this project's session.
    const crossed = await started({ token: foreign.token });
    expect(crossed.sessionID).not.toBe(foreign.sessionID);
    const res = await t.app.inject({
      method: 'GET',
      url: `/ingest/v1/web/conditions/${portal.projectID}`,
      headers: { authorization: `Bearer ${foreign.token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('project_mismatch');
  });

  it('marks a session impersonated once the portal says an admin is viewing as the learner', async () => {
    const s = await started();
    const marked = [[MessageType.Metadata, 'impersonated', '1'], ...realisticMessages()];
    expect((await upload(s.token, envelope(0, marked))).statusCode).toBe(200);
    // A later batch cannot take the mark away.
    expect(
      (await upload(s.token, envelope(1, [[MessageType.Metadata, 'impersonated', '0']]))).statusCode,
    ).toBe(200);
    expect((await staffGet(`/v1/console/sessions/${s.sessionID}`)).json().impersonated).toBe(true);
  });

  it('refuses staff calls from learners (403) and anonymous callers (401)', async () => {
    for (const url of ['/v1/console/sessions', '/v1/console/ingest/projects']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      const asLearner = await t.app.inject({ method: 'GET', url, headers: learner.auth });
      expect(asLearner.statusCode).toBe(403);
      expect(asLearner.json()).toEqual({ code: 'forbidden', message: expect.any(String) });
    }
    const create = await t.app.inject({
      method: 'POST',
      url: '/v1/console/ingest/projects',
      headers: learner.auth,
      payload: { name: 'x' },
    });
    expect(create.statusCode).toBe(403);
    // Refused before the body is looked at: nobody learns the schema without signing in as staff.
    const junk = await t.app.inject({
      method: 'POST',
      url: '/v1/console/ingest/projects',
      payload: { name: 5 },
    });
    expect(junk.statusCode).toBe(401);
  });
});

describe.each(databaseKinds)('ingest inactivity on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { INGEST_SESSION_IDLE_SECONDS: '1' });
  });
  afterAll(() => t.close());

  it('ends a session after the inactivity window: uploads are refused and start opens a new one', async () => {
    const first = (
      await t.app.inject({ method: 'POST', url: '/ingest/v1/web/start', payload: startBody() })
    ).json();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/i',
      headers: { authorization: `Bearer ${first.token}` },
      payload: envelope(0, realisticMessages()),
    });
    expect(ok.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1200));
    const late = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/i',
      headers: { authorization: `Bearer ${first.token}` },
      payload: envelope(1, realisticMessages()),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('session_ended');
    const next = (
      await t.app.inject({
        method: 'POST',
        url: '/ingest/v1/web/start',
        payload: startBody({ token: first.token }),
      })
    ).json();
    expect(next.sessionID).not.toBe(first.sessionID);
  });
});
