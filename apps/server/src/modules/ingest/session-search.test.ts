import type { RecordingSearchResult } from '@atrium/protocol/recordings';
import { type Message, MessageType } from '@atrium/protocol/tracker/index';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { recordWithTracker } from '../../../test/record-with-tracker.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { ingestSearchEvents, ingestSessions } from '../../db/schema.ts';
import { removeExpiredRecordings } from './remove-expired-recordings.ts';
import { MAX_SEARCH_FACTS } from './search-facts.ts';

// A few minutes ago, inside the sessions' windows.
const T0 = Date.now() - 300_000;
const stamp = (ms: number): Message => [MessageType.Timestamp, T0 + ms];
const page = (url: string, ms: number): Message => [MessageType.SetPageLocation, url, '', T0 + ms];
const click = (label: string): Message => [MessageType.MouseClick, 9, label, 'button.x', 5000, 5000];
const exception = (message: string): Message => [MessageType.JSException, 'TypeError', message, '[]', '{}'];
const request = (url: string, status: number, ms: number): Message => [
  MessageType.NetworkRequest,
  'fetch',
  'POST',
  url,
  '{}',
  '{}',
  status,
  T0 + ms,
  80,
  10,
];
const custom = (name: string): Message => [MessageType.CustomEvent, name, '{}'];

describe.each(databaseKinds)('finding a session by what happened in it, on %s', (kind) => {
  let t: TestApp;
  let agent: TestUser;
  let mei: TestUser;
  let hao: TestUser;
  let meiSession: string;
  let haoSession: string;

  const start = (user: TestUser, tab: string) =>
    recordWithTracker(t.app).start(tab, { url: 'https://portal.example/home', userID: user.id });
  async function upload(token: string, tab: string, seq: number, messages: Message[]) {
    const res = await recordWithTracker(t.app).upload(token, tab, seq, messages);
    expect(res.statusCode).toBe(200);
  }
  const search = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/console/sessions?${query}`,
      headers: agent.auth,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as RecordingSearchResult;
  };
  const ids = async (query: string) => (await search(query)).sessions.map((s) => s.id).sort();

  beforeAll(async () => {
    t = await createTestApp(kind);
    agent = await createTestUser(t.app, { role: 'agent' });
    mei = await createTestUser(t.app, { nickname: '小美' });
    hao = await createTestUser(t.app, { nickname: '阿豪' });
    const a = await start(mei, 'tab-m');
    meiSession = a.sessionID;
    await upload(a.token, 'tab-m', 0, [page('https://portal.example/home', 0), stamp(0), click('開始上課')]);
    // The second page and what went wrong there come in a later batch: "any page, not only the first".
    await upload(a.token, 'tab-m', 1, [
      stamp(60_000),
      page('https://portal.example/tasks/42?tab=files', 60_000),
      stamp(61_000),
      click('繳交作業'),
      request('https://portal.example/v1/tasks/42/submissions', 413, 61_050),
      request('https://portal.example/v1/tasks/42', 200, 61_060),
      stamp(61_200),
      exception('Upload quota exceeded for task 42'),
      custom('submission_failed'),
    ]);
    const b = await start(hao, 'tab-h');
    haoSession = b.sessionID;
    await upload(b.token, 'tab-h', 0, [
      page('https://portal.example/home', 0),
      stamp(1000),
      click('課程列表'),
      request('https://portal.example/v1/courses', 0, 1100),
      custom('course_opened'),
    ]);
  });
  afterAll(() => t.close());

  it('finds each kind of moment by a case-insensitive part of it, and not what never happened', async () => {
    expect(await ids('visited_url=TASKS/42')).toEqual([meiSession]);
    expect(await ids('visited_url=portal.example/home')).toEqual([haoSession, meiSession].sort());
    expect(await ids('clicked_text=繳交作')).toEqual([meiSession]);
    expect(await ids('error_text=quota exceeded')).toEqual([meiSession]);
    // No answer at all (status 0) counts as failed; a request answered 200 does not.
    expect(await ids('failed_url=v1/courses')).toEqual([haoSession]);
    expect(await ids('failed_url=v1/tasks/42/sub')).toEqual([meiSession]);
    expect(await ids('custom_event=COURSE_open')).toEqual([haoSession]);
    expect(await ids('visited_url=/profile')).toEqual([]);
    expect(await ids('clicked_text=登出帳號')).toEqual([]);
    expect(await ids('error_text=not found')).toEqual([]);
    expect(await ids('failed_url=v1/tasks/42%3F')).toEqual([]);
    // A click label is not a page, an answered request is not a failed one: each term reads its own kind.
    expect(await ids('visited_url=繳交作業')).toEqual([]);
    expect(await ids('custom_event=v1/courses')).toEqual([]);
    // LIKE's wildcards are literal text here.
    expect(await ids('visited_url=%25%25%25')).toEqual([]);
  });

  it('combines the terms with each other and with the other filters (all must hold)', async () => {
    expect(await ids('visited_url=/home&clicked_text=課程列表')).toEqual([haoSession]);
    expect(await ids('visited_url=/home&clicked_text=課程列表&error_text=quota')).toEqual([]);
    expect(await ids(`visited_url=/home&learner=${mei.id}`)).toEqual([meiSession]);
    expect(await ids('visited_url=/home&has_failed_requests=false')).toEqual([]);
  });

  it('lists the matching moments of each row, first one first, to open the player there', async () => {
    const result = await search('visited_url=/tasks/42&failed_url=submissions');
    expect(result.sessions).toHaveLength(1);
    expect(result.sessions[0]?.matches).toEqual([
      {
        kind: 'visited_url',
        tab_id: 'tab-m',
        at: T0 + 60_000,
        value: 'https://portal.example/tasks/42?tab=files',
      },
      {
        kind: 'failed_url',
        tab_id: 'tab-m',
        at: T0 + 61_050,
        value: 'https://portal.example/v1/tasks/42/submissions',
      },
    ]);
    // A search without an event term lists no moments.
    expect((await search(`learner=${hao.id}`)).sessions[0]?.matches).toBeUndefined();
  });

  it('bounds the terms and what one batch can index', async () => {
    for (const query of ['visited_url=ab', `error_text=${'x'.repeat(201)}`, 'clickedText=課程列表']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/console/sessions?${query}`,
        headers: agent.auth,
      });
      expect(res.statusCode).toBe(400);
    }
    const c = await start(hao, 'tab-flood');
    const many: Message[] = [stamp(2000)];
    // Under the inflate-ratio floor (256 KB), so the batch is stored and only the index caps apply.
    for (let i = 0; i < 400; i++) many.push(click(`按鈕 ${i} ${'y'.repeat(320)}`));
    await upload(c.token, 'tab-flood', 0, many);
    expect(await ids('clicked_text=按鈕 10 ')).toEqual([c.sessionID]);
    expect(await ids(`clicked_text=按鈕 ${MAX_SEARCH_FACTS} `)).toEqual([]);
    const [row] = (await search('clicked_text=按鈕 0 ')).sessions;
    expect(row?.matches?.[0]?.value.length).toBe(300);
  });

  it('counts an event search up to 1 000 sessions and says there are more', async () => {
    // 1 001 recorded sessions whose learner clicked 「常見按鈕」, written straight to the index (the upload path
    // is the other tests' subject; 1 001 uploads would be this file's whole time).
    const [{ projectId } = { projectId: '' }] = await t.app.db
      .select({ projectId: ingestSessions.projectId })
      .from(ingestSessions)
      .limit(1);
    const created = await t.app.db
      .insert(ingestSessions)
      .values(
        Array.from({ length: 1001 }, (_, i) => ({
          projectId,
          userUuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        })),
      )
      .returning({ id: ingestSessions.id });
    await t.app.db.insert(ingestSearchEvents).values(
      created.map((s) => ({
        sessionId: s.id,
        tabId: 'tab-1',
        kind: 'clicked_text' as const,
        at: T0,
        value: '常見按鈕',
      })),
    );
    const many = await search('clicked_text=常見按鈕&page_size=50');
    expect(many).toMatchObject({ total: 1000, total_capped: true });
    expect(many.sessions).toHaveLength(50);
    // One fewer session: counted exactly again.
    await t.app.db.delete(ingestSessions).where(eq(ingestSessions.id, created[0]!.id));
    expect(await search('clicked_text=常見按鈕')).toMatchObject({ total: 1000, total_capped: false });
    // A search without an event term counts every session, as before.
    const all = await search('');
    expect(all.total_capped).toBe(false);
    expect(all.total).toBeGreaterThan(1000);
    await t.app.db.delete(ingestSessions).where(
      inArray(
        ingestSessions.id,
        created.map((s) => s.id),
      ),
    );
  });

  it('forgets what happened in a session the retention sweep removes', async () => {
    const rows = () =>
      t.app.db.select().from(ingestSearchEvents).where(eq(ingestSearchEvents.sessionId, haoSession));
    expect((await rows()).length).toBeGreaterThan(0);
    const old = new Date(Date.now() - 40 * 86_400_000);
    await t.app.db
      .update(ingestSessions)
      .set({ startedAt: old, lastActivityAt: old })
      .where(eq(ingestSessions.id, haoSession));
    expect(await removeExpiredRecordings(t.app.db, t.app.blobs, { retentionDays: 30 })).toBe(1);
    expect(await ids('custom_event=course_opened')).toEqual([]);
    expect(await rows()).toEqual([]);
  });
});
