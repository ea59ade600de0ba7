import { type Message, MessageType } from '@atrium/protocol/tracker/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { recordWithTracker } from '../../../test/record-with-tracker.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { ingestClickCarry, ingestSessionEvents } from '../../db/schema.ts';
import { settleEndedClicks } from './settle-ended-clicks.ts';

// Two minutes ago, so the batches are inside the session's window and today's sparkline bar.
const T0 = Date.now() - 120_000;
const stamp = (ms: number): Message => [MessageType.Timestamp, T0 + ms];
const commit = (tab: string, ms: number, ...messages: Message[]): Message[] => [
  stamp(ms),
  [MessageType.TabData, tab],
  ...messages,
];
const click = (node: number, label: string, selector: string): Message => [
  MessageType.MouseClick,
  node,
  label,
  selector,
  4200,
  1300,
];
const mutation = (ms: number): Message => [
  MessageType.RrwebEvent,
  { type: 3, data: { source: 0, adds: [], removes: [], texts: [], attributes: [] }, timestamp: T0 + ms },
];
const exception = (message: string): Message => [
  MessageType.JSException,
  'TypeError',
  message,
  JSON.stringify([
    { functionName: 'acceptTask', fileName: '/assets/tasks.js', lineNumber: 88, columnNumber: 3 },
  ]),
  '{}',
];

describe.each(databaseKinds)('moments found at ingest on %s', (kind) => {
  let t: TestApp;
  let agent: TestUser;
  let mei: TestUser;
  let hao: TestUser;
  let rageSession: string;
  let calmSession: string;
  let calmToken: string;

  const start = (user: TestUser, tab: string) =>
    recordWithTracker(t.app).start(tab, { url: 'https://portal.example/tasks', userID: user.id });
  async function upload(token: string, tab: string, seq: number, messages: Message[]) {
    const res = await recordWithTracker(t.app).upload(token, tab, seq, messages);
    expect(res.statusCode).toBe(200);
    return res.json() as { duplicate: boolean };
  }
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: agent.auth });

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await createTestUser(t.app, { role: 'agent' });
    mei = await createTestUser(t.app, { nickname: '小美' });
    hao = await createTestUser(t.app, { nickname: '阿豪' });
    const a = await start(mei, 'tab-a');
    rageSession = a.sessionID;
    // A rage burst on 接取任務 cut by the batch boundary, an error click, and a dead click decided later.
    await upload(a.token, 'tab-a', 0, [
      ...commit(
        'tab-a',
        0,
        [MessageType.SetPageLocation, 'https://portal.example/tasks', '', T0],
        mutation(0),
      ),
      ...commit('tab-a', 10_000, click(42, '接取任務', 'button.accept')),
      ...commit('tab-a', 10_250, click(42, '接取任務', 'button.accept')),
    ]);
    await upload(a.token, 'tab-a', 1, [
      ...commit('tab-a', 10_500, click(42, '接取任務', 'button.accept'), exception('Task 1234 not found')),
      ...commit('tab-a', 20_000, click(7, '下一頁', 'a.next')),
      ...commit('tab-a', 30_000, mutation(30_000), [MessageType.MouseThrashing]),
    ]);
    const b = await start(hao, 'tab-b');
    calmSession = b.sessionID;
    calmToken = b.token;
    await upload(b.token, 'tab-b', 0, [
      ...commit('tab-b', 0, click(3, '課程', 'a.course')),
      ...commit('tab-b', 200, mutation(200)),
      ...commit('tab-b', 3000, exception('Task 98 not found')),
      ...commit('tab-b', 9000, mutation(9000)),
    ]);
  });
  afterAll(() => t.close());

  it('stores the moments of each batch as session events, judging a burst across the boundary', async () => {
    const res = await get(`/v1/console/sessions/${rageSession}/events`);
    expect(res.statusCode).toBe(200);
    const events = res.json() as { kind: string; at: number; label: string; count: number }[];
    expect(events.map((e) => [e.kind, e.at - T0, e.label])).toEqual([
      ['dead_click', 10_000, '接取任務'],
      ['error_click', 10_000, '接取任務'],
      ['rage_click', 10_000, '接取任務'],
      ['dead_click', 10_250, '接取任務'],
      ['error_click', 10_250, '接取任務'],
      ['dead_click', 10_500, '接取任務'],
      ['error_click', 10_500, '接取任務'],
      ['exception', 10_500, 'Task 1234 not found'],
      ['dead_click', 20_000, '下一頁'],
      ['pointer_shake', 30_000, ''],
    ]);
  });

  it('finds sessions by the moments in them, combined with the other filters', async () => {
    const ids = async (query: string) =>
      (await get(`/v1/console/sessions?${query}`)).json().sessions.map((s: { id: string }) => s.id);
    expect(await ids('signal=rage_click')).toEqual([rageSession]);
    expect(await ids('signal=dead_click')).toEqual([rageSession]);
    expect(await ids('signal=pointer_shake')).toEqual([rageSession]);
    expect(await ids(`signal=rage_click&learner=${hao.id}`)).toEqual([]);
    expect(await ids('signal=error_click')).toEqual([rageSession]);
    const bad = await get('/v1/console/sessions?signal=angry_click');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('counts every click of a rage burst that goes on into the next batch', async () => {
    const d = await start(hao, 'tab-d');
    const burst = (ms: number) =>
      commit('tab-d', ms, click(5, '重新整理', 'button.reload'), mutation(ms + 10));
    await upload(d.token, 'tab-d', 0, [...burst(0), ...burst(200), ...burst(400)]);
    await upload(d.token, 'tab-d', 1, [
      ...burst(600),
      ...burst(800),
      ...commit('tab-d', 9000, mutation(9000)),
    ]);
    const events = (await get(`/v1/console/sessions/${d.sessionID}/events`)).json() as {
      kind: string;
      count: number;
    }[];
    expect(events.filter((e) => e.kind === 'rage_click').map((e) => e.count)).toEqual([5]);
  });

  it('takes back a dead click once its slow request is told', async () => {
    const e = await start(hao, 'tab-e');
    const events = async () =>
      (await get(`/v1/console/sessions/${e.sessionID}/events`)).json() as { kind: string; at: number }[];
    // 繳交作業 started a request 300 ms later; the page showed nothing while its answer took 8 s.
    await upload(e.token, 'tab-e', 0, [
      ...commit('tab-e', 0, click(12, '繳交作業', 'button.submit')),
      ...commit('tab-e', 7000, mutation(7000)),
    ]);
    expect((await events()).map((x) => x.kind)).toEqual(['dead_click']);
    await upload(e.token, 'tab-e', 1, [
      ...commit('tab-e', 8300, [
        MessageType.NetworkRequest,
        'fetch',
        'POST',
        'https://portal.example/v1/tasks/1/submissions',
        '{}',
        '{}',
        201,
        T0 + 300,
        8000,
        20,
      ]),
      ...commit('tab-e', 8400, mutation(8400)),
    ]);
    expect(await events()).toEqual([]);
  });

  it('judges the clicks a tab left undecided once its session has ended', async () => {
    const c = await start(mei, 'tab-c');
    await upload(c.token, 'tab-c', 0, [
      ...commit('tab-c', 0, mutation(0)),
      ...commit('tab-c', 40_000, click(11, '下載證書', 'button.certificate')),
    ]);
    const events = async () =>
      (await get(`/v1/console/sessions/${c.sessionID}/events`)).json() as { kind: string }[];
    // The window after the click is not over in the batch: nothing is decided yet.
    expect(await events()).toEqual([]);
    const idleSeconds = 1800;
    // While the session may still send its next batch, the click waits for it.
    expect(await settleEndedClicks(t.app.db, { idleSeconds })).toBe(0);
    expect(
      await settleEndedClicks(t.app.db, { idleSeconds, now: Date.now() + idleSeconds * 1000 + 1000 }),
    ).toBeGreaterThanOrEqual(1);
    expect((await events()).map((e) => e.kind)).toEqual(['dead_click']);
    expect(
      await t.app.db.select().from(ingestClickCarry).where(eq(ingestClickCarry.sessionId, c.sessionID)),
    ).toEqual([]);
  });

  it('stores a retried batch once', async () => {
    const before = await t.app.db
      .select()
      .from(ingestSessionEvents)
      .where(eq(ingestSessionEvents.sessionId, calmSession));
    expect(
      (await upload(calmToken, 'tab-b', 0, [...commit('tab-b', 0, click(3, '課程', 'a.course'))])).duplicate,
    ).toBe(true);
    const after = await t.app.db
      .select()
      .from(ingestSessionEvents)
      .where(eq(ingestSessionEvents.sessionId, calmSession));
    expect(after).toHaveLength(before.length);
  });

  it('groups exceptions by fingerprint on the Issues screen, with learners and the moments to open', async () => {
    const res = await get('/v1/console/issues');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.total).toBe(1);
    const [issue] = list.issues;
    expect(issue).toMatchObject({
      name: 'TypeError',
      frame: 'acceptTask (/assets/tasks.js:88)',
      count: 2,
      sessions: 2,
      learners: 2,
    });
    expect(issue.sparkline).toHaveLength(14);
    expect(issue.sparkline.at(-1)).toBe(2);
    expect(issue.first_seen).toBe(T0 + 3000);
    expect(issue.last_seen).toBe(T0 + 10_500);
    const detail = (await get(`/v1/console/issues/${issue.fingerprint}`)).json();
    expect(
      detail.occurrences.map((o: { session_id: string; at: number; learner_nickname: string }) => [
        o.session_id,
        o.at - T0,
        o.learner_nickname,
      ]),
    ).toEqual([
      [rageSession, 10_500, '小美'],
      [calmSession, 3000, '阿豪'],
    ]);
    expect((await get(`/v1/console/issues/${'0'.repeat(24)}`)).statusCode).toBe(404);
    const learner = await t.app.inject({ method: 'GET', url: '/v1/console/issues', headers: mei.auth });
    expect(learner.statusCode).toBe(403);
  });
});
