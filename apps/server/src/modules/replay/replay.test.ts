import { gunzipSync } from 'node:zlib';
import { errorBody } from '@atrium/protocol/http';
import { MessageType } from '@atrium/protocol/tracker/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { trackerStartBody } from '../../../test/tracker-start-body.ts';

const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.0; rv:120.0) Gecko/20100101 Firefox/120.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe.each(databaseKinds)('replay reads on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let agent: TestUser;
  let mei: TestUser;
  let hao: TestUser;
  let meiSession: string;
  let haoSession: string;

  /** A recorded session of `user`: pages, an error and a failed request when asked, `minutes` long. */
  async function record(
    user: TestUser,
    ua: string,
    opts: { minutes: number; failing: boolean; url?: string },
  ) {
    const start = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/start',
      headers: { 'user-agent': ua },
      payload: trackerStartBody({
        width: 1280,
        height: 800,
        url: opts.url ?? 'https://portal.example/dashboard',
        tabId: 'tab-a',
        userID: user.id,
      }),
    });
    const { token, sessionID } = start.json();
    const t0 = Date.now() - opts.minutes * 60_000;
    const messages: unknown[][] = [
      [MessageType.Timestamp, t0],
      [MessageType.TabData, 'tab-a'],
      [MessageType.UserID, user.id],
      [MessageType.SetPageLocation, 'https://portal.example/dashboard', '', t0],
      [MessageType.SetPageLocation, 'https://portal.example/tasks', '', t0 + 1000],
      [MessageType.Timestamp, t0 + opts.minutes * 60_000],
    ];
    if (opts.failing) {
      messages.push(
        [MessageType.JSException, 'TypeError', 'x is undefined', '[]', '{}'],
        [MessageType.NetworkRequest, 'fetch', 'GET', '/v1/nope', '{}', '{}', 500, t0 + 500, 20, 10],
      );
    }
    const up = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/i',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: { batchId: 'tab-a-1-0', tabId: 'tab-a', pageNo: 1, seq: 0, messages },
    });
    expect(up.statusCode).toBeLessThan(300);
    return sessionID as string;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createTestUser(t.app, { role: 'admin' });
    agent = await createTestUser(t.app, { role: 'agent' });
    mei = await createTestUser(t.app, { nickname: '小美' });
    hao = await createTestUser(t.app, { nickname: '阿豪' });
    meiSession = await record(mei, FIREFOX_MAC, { minutes: 30, failing: true });
    haoSession = await record(hao, CHROME_WINDOWS, {
      minutes: 2,
      failing: false,
      url: 'https://portal.example/training/c-42?from=mail',
    });
  });
  afterAll(() => t.close());

  const get = (url: string, who: TestUser) => t.app.inject({ method: 'GET', url, headers: who.auth });
  const ids = async (query: string) =>
    (await get(`/v1/console/sessions?${query}`, agent)).json().sessions.map((s: { id: string }) => s.id);

  it('finds a learner by e-mail, nickname or id, and names them in the list', async () => {
    expect(await ids(`learner=${encodeURIComponent(mei.email.toUpperCase())}`)).toEqual([meiSession]);
    expect(await ids(`learner=${encodeURIComponent('阿豪')}`)).toEqual([haoSession]);
    expect(await ids(`learner=${hao.id}`)).toEqual([haoSession]);
    expect(await ids('learner=nobody-like-this')).toEqual([]);
    // LIKE wildcards are text, not patterns.
    expect(await ids('learner=%25')).toEqual([]);
    const [row] = (await get(`/v1/console/sessions?learner=${mei.id}`, agent)).json().sessions;
    expect(row).toMatchObject({ learner_email: mei.email, learner_nickname: '小美', pages: 2, errors: 1 });
    expect(row.failed_requests).toBe(1);
  });

  it('filters by errors, failed requests, duration, pages, browser, OS, dates and start page, and sorts', async () => {
    expect(await ids('has_errors=true')).toEqual([meiSession]);
    expect(await ids('has_failed_requests=true')).toEqual([meiSession]);
    expect(await ids('has_failed_requests=false')).toEqual([haoSession]);
    expect(await ids(`min_duration_ms=${10 * 60_000}`)).toEqual([meiSession]);
    expect(await ids(`max_duration_ms=${10 * 60_000}`)).toEqual([haoSession]);
    expect((await ids('min_pages=2')).sort()).toEqual([meiSession, haoSession].sort());
    expect(await ids('min_pages=3')).toEqual([]);
    expect(await ids('browser=firefox')).toEqual([meiSession]);
    expect(await ids('os=windows')).toEqual([haoSession]);
    expect(await ids(`from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    expect(await ids('sort=duration&order=desc')).toEqual([meiSession, haoSession]);
    expect(await ids('sort=duration&order=asc')).toEqual([haoSession, meiSession]);
    expect(await ids('sort=duration&page_size=1&page=2')).toEqual([haoSession]);
    expect(await ids('url=%2Ftraining%2F')).toEqual([haoSession]);
    expect((await ids('url=PORTAL.example')).sort()).toEqual([meiSession, haoSession].sort());
    expect(await ids('url=%25')).toEqual([]);
    const long = await get(`/v1/console/sessions?url=${'a'.repeat(501)}`, agent);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const bad = await get('/v1/console/sessions?sort=email', agent);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('refuses a filter name it does not know with 400 and the one error body, never searching without it', async () => {
    // A misspelt or old (camelCase) name would otherwise be dropped and the search widened to everyone's.
    for (const query of [
      'has_error=true',
      'hasErrors=true',
      `learner=${mei.id}&userId=${hao.id}`,
      'pagesize=1',
    ]) {
      const res = await get(`/v1/console/sessions?${query}`, agent);
      expect(res.statusCode).toBe(400);
      const body = errorBody.strict().parse(res.json());
      expect(body.code).toBe('validation');
      expect(body.message).toContain(query.split('&').at(-1)!.split('=')[0]!);
    }
    const audit = await get(`/v1/console/audit?sessionId=${meiSession}`, admin);
    expect(audit.statusCode).toBe(400);
    expect(errorBody.strict().parse(audit.json())).toMatchObject({ code: 'validation' });
    expect(audit.json().message).toContain('sessionId');
    // The names it knows still search.
    expect(await ids(`learner=${mei.id}&has_errors=true`)).toEqual([meiSession]);
  });

  it('writes every read of a recording to the audit log, which only admins read', async () => {
    const detail = (await get(`/v1/console/sessions/${meiSession}`, agent)).json();
    expect(detail).toMatchObject({ learner_email: mei.email, tabs: ['tab-a'] });
    const stream = await get(`/v1/console/sessions/${meiSession}/messages`, agent);
    const line = JSON.parse(stream.body.trim().split('\n')[0]!);
    expect(line.messages[2]).toEqual([MessageType.UserID, mei.id]);

    expect((await get('/v1/console/audit', agent)).statusCode).toBe(403);
    const audit = (await get(`/v1/console/audit?session_id=${meiSession}`, admin)).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(['messages', 'summary']);
    expect(audit.entries[0]).toMatchObject({ staff_id: agent.id, staff_email: agent.email });
  });

  it('lets admins, not agents, delete a recording with its stored batches', async () => {
    const del = (who: TestUser) =>
      t.app.inject({ method: 'DELETE', url: `/v1/console/sessions/${haoSession}`, headers: who.auth });
    expect((await del(agent)).statusCode).toBe(403);
    expect((await del(admin)).statusCode).toBe(204);
    expect((await get(`/v1/console/sessions/${haoSession}`, admin)).statusCode).toBe(404);
    expect((await get(`/v1/console/sessions/${haoSession}/messages`, admin)).statusCode).toBe(404);
    expect((await del(admin)).statusCode).toBe(404);
    const audit = (await get(`/v1/console/audit?session_id=${haoSession}`, admin)).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(['delete']);
  });

  it('sends the message stream compressed to a player that accepts it (10 MB sessions shrink ~7×)', async () => {
    const lin = await createTestUser(t.app, { nickname: '小林' });
    const start = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/start',
      payload: trackerStartBody({ width: 1280, height: 800, tabId: 'tab-a', userID: lin.id }),
    });
    const { token, sessionID } = start.json();
    const t0 = Date.now() - 60_000;
    const messages: unknown[][] = [
      [MessageType.Timestamp, t0],
      [MessageType.TabData, 'tab-a'],
    ];
    for (let i = 0; i < 200; i++)
      messages.push([MessageType.SetPageLocation, `https://portal.example/tasks/${i}`, '', t0 + i * 100]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/web/i',
      headers: { authorization: `Bearer ${token}` },
      payload: { batchId: 'tab-a-1-0', tabId: 'tab-a', pageNo: 1, seq: 0, messages },
    });
    expect(up.statusCode).toBeLessThan(300);

    const url = `/v1/console/sessions/${sessionID}/messages`;
    const plain = await get(url, agent);
    const gz = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...agent.auth, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });
});
