import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/create-test-app.ts';
import { type DatabaseKind, databaseKinds } from '../../../test/test-databases.ts';
import {
  checkIns,
  classMembers,
  classSessions,
  consoleAudit,
  taskProgress,
  taskSubmissions,
  tasks,
  trainingClasses,
  users,
} from '../../db/schema.ts';
import { seedDemoAccounts } from '../../db/seed/seed-demo-accounts.ts';
import { createSession } from '../account/index.ts';

// The Taipei date and its end, computed apart from the code under test (Taipei is UTC+8 all year).
const taipeiDay = (now: Date) => {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(now);
  return { date, end: new Date(Date.parse(`${date}T00:00:00+08:00`) + 86_400_000) };
};

const base = '/v1/console/community';
const DAY = 86_400_000;

/** The real app with the demo staff and a learner signed in; no demo community: each test builds its class. */
async function openApp(kind: DatabaseKind) {
  const t = await createTestApp(kind);
  const db = t.app.db;
  await seedDemoAccounts(db);
  const tokenFor = async (email: string) => {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const { token } = await createSession(db, { userId: u!.id, ttlDays: 1 });
    return { id: u!.id, token };
  };
  const who = {
    staff: await tokenFor('staff@atrium.local'),
    agent: await tokenFor('agent@atrium.local'),
    learner: await tokenFor('learner@atrium.local'),
  };
  const call = (as: keyof typeof who, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who[as].token}` } });
  return { t, db, who, call, close: () => t.close() };
}

describe.each(databaseKinds)('progress report on %s', (kind) => {
  let c: Awaited<ReturnType<typeof openApp>>;
  const ids = { cls: '', wang: '', eq: '', chen: '', t1: '', t2: '', s1: '', s2: '', today: '', pending: '' };
  const get = (url: string, token?: string) =>
    c.t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const asStaff = (url: string) => c.call('staff', url);

  beforeAll(async () => {
    c = await openApp(kind);
    const db = c.db;
    const [cls] = await db
      .insert(trainingClasses)
      .values({ name: '前端班 2026/春', published: true })
      .returning();
    ids.cls = cls!.id;
    const account = (email: string, nickname: string) =>
      db
        .insert(users)
        .values({ email, nickname, passwordHash: null })
        .returning({ id: users.id })
        .then(([u]) => u!.id);
    ids.wang = await account('wang@example.com', '王小明');
    ids.eq = await account('formula@example.com', '=1+2');
    ids.chen = await account('chen@example.com', '陳, "阿德"');
    await db
      .insert(classMembers)
      .values([ids.wang, ids.eq, ids.chen].map((userId) => ({ classId: ids.cls, userId })));
    const now = Date.now();
    const [t1, t2] = await db
      .insert(tasks)
      .values([
        { classId: ids.cls, title: '首頁切版', dueAt: new Date(now + 7 * DAY), points: 10 },
        {
          classId: ids.cls,
          title: '期中作品',
          dueAt: new Date(now - DAY),
          points: 20,
          review: true,
          submissionKind: 'text',
        },
        { classId: ids.cls, title: '草稿任務', dueAt: new Date(now + DAY), published: false },
      ])
      .returning();
    ids.t1 = t1!.id;
    ids.t2 = t2!.id;
    // 王小明 finished both: the first at 00:30 Taipei on 2 March (16:30 UTC the day before), the second
    // accepted by staff at 15 of its 20 points.
    await db.insert(taskProgress).values([
      {
        taskId: ids.t1,
        userId: ids.wang,
        acceptedAt: new Date('2026-03-01T10:00:00Z'),
        completedAt: new Date('2026-03-01T16:30:00Z'),
      },
      {
        taskId: ids.t2,
        userId: ids.wang,
        acceptedAt: new Date('2026-02-20T10:00:00Z'),
        completedAt: new Date('2026-02-25T10:00:00Z'),
        reviewState: 'accepted',
        pointsAwarded: 15,
      },
      { taskId: ids.t1, userId: ids.eq, acceptedAt: new Date('2026-02-10T10:00:00Z') },
      {
        taskId: ids.t2,
        userId: ids.eq,
        acceptedAt: new Date('2026-02-11T10:00:00Z'),
        reviewState: 'pending',
      },
    ]);
    const [sub] = await db
      .insert(taskSubmissions)
      .values({
        taskId: ids.t2,
        userId: ids.eq,
        kind: 'text',
        body: '作品',
        status: 'pending',
        submittedAt: new Date('2020-01-01T00:00:00Z'),
      })
      .returning();
    ids.pending = sub!.id;
    const day = taipeiDay(new Date());
    const [s1, s2, today] = await db
      .insert(classSessions)
      .values([
        {
          classId: ids.cls,
          title: '第一週',
          startsAt: new Date(now - 3 * DAY),
          endsAt: new Date(now - 3 * DAY + 3_600_000),
          checkInOpensAt: new Date(now - 3 * DAY),
          checkInClosesAt: new Date(now - 3 * DAY + 3_600_000),
        },
        {
          classId: ids.cls,
          title: '第十週',
          startsAt: new Date(now + 30 * DAY),
          endsAt: new Date(now + 30 * DAY),
          checkInOpensAt: new Date(now + 30 * DAY),
          checkInClosesAt: new Date(now + 30 * DAY),
        },
        {
          classId: ids.cls,
          title: '今日直播',
          startsAt: new Date(day.end.getTime() - 60_000),
          endsAt: day.end,
          checkInOpensAt: new Date(day.end.getTime() - DAY),
          checkInClosesAt: day.end,
        },
      ])
      .returning();
    ids.s1 = s1!.id;
    ids.s2 = s2!.id;
    ids.today = today!.id;
    await db.insert(checkIns).values([
      { sessionId: ids.s1, userId: ids.wang, checkedInAt: new Date('2026-03-03T01:00:00Z') },
      { sessionId: ids.s1, userId: ids.eq, status: 'late', markedBy: c.who.staff.id },
    ]);
  }, 60_000);
  afterAll(() => c.close());

  it('answers the matrix: states, review, points, attendance and last activity per learner', async () => {
    const res = await asStaff(`${base}/classes/${ids.cls}/progress`);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.tasks.map((t: { title: string }) => t.title)).toEqual(['期中作品', '首頁切版']);
    expect(r).toMatchObject({ class_name: '前端班 2026/春', total: 3, points_total: 30 });
    expect(r.sessions.map((s: { title: string }) => s.title)).toEqual(['第一週', '今日直播', '第十週']);
    const row = (name: string) => r.rows.find((x: { nickname: string }) => x.nickname === name);
    // Learner × task: 期中作品 (due yesterday, reviewed) then 首頁切版.
    expect(row('王小明')).toMatchObject({
      points: 25,
      completed: 2,
      attended: 1,
      last_activity_at: '2026-03-03T01:00:00.000Z',
      cells: [
        { task_id: ids.t2, state: 'completed', review_state: 'accepted', points: 15 },
        { task_id: ids.t1, state: 'completed', points: 10, last_activity_at: '2026-03-01T16:30:00.000Z' },
      ],
    });
    expect(row('=1+2')).toMatchObject({
      points: 0,
      completed: 0,
      attended: 1,
      // Waiting for review past the deadline stays in progress (ADR 0055); a staff mark is not their activity.
      cells: [
        {
          state: 'accepted',
          review_state: 'pending',
          points: 0,
          last_activity_at: '2026-02-11T10:00:00.000Z',
        },
        { state: 'accepted', review_state: null },
      ],
      attendance: [{ session_id: ids.s1, status: 'late' }, { status: 'absent' }, { status: 'absent' }],
    });
    expect(row('陳, "阿德"')).toMatchObject({
      points: 0,
      attended: 0,
      last_activity_at: null,
      cells: [{ state: 'expired' }, { state: 'available' }],
    });
  });

  it('sorts by name, points, completion, activity and attendance, and pages', async () => {
    const order = async (query: string) =>
      (await asStaff(`${base}/classes/${ids.cls}/progress?${query}`))
        .json()
        .rows.map((x: { nickname: string }) => x.nickname);
    expect(await order('sort=points&order=desc')).toEqual(['王小明', '=1+2', '陳, "阿德"']);
    expect(await order('sort=points&order=asc')).toEqual(['=1+2', '陳, "阿德"', '王小明']);
    expect(await order('sort=completion&order=desc')).toEqual(['王小明', '=1+2', '陳, "阿德"']);
    expect(await order('sort=attendance&order=asc')).toEqual(['陳, "阿德"', '=1+2', '王小明']);
    // No activity is last whichever way.
    expect(await order('sort=activity&order=asc')).toEqual(['=1+2', '王小明', '陳, "阿德"']);
    expect(await order('sort=activity&order=desc')).toEqual(['王小明', '=1+2', '陳, "阿德"']);
    expect(await order('sort=name&order=desc')).toEqual([...(await order('sort=name'))].reverse());
    const page = (
      await asStaff(`${base}/classes/${ids.cls}/progress?sort=points&order=desc&page=2&page_size=1`)
    ).json();
    expect(page).toMatchObject({ total: 3, page: 2, page_size: 1 });
    expect(page.rows.map((x: { nickname: string }) => x.nickname)).toEqual(['=1+2']);
    expect((await asStaff(`${base}/classes/${ids.cls}/progress?sort=rank`)).statusCode).toBe(400);
    expect((await asStaff(`${base}/classes/${ids.cls}/progress?limit=5`)).statusCode).toBe(400);
  });

  it('answers a class of a few hundred learners in one page, and refuses a page larger than 500', async () => {
    const [big] = await c.db.insert(trainingClasses).values({ name: '大班' }).returning();
    const many = await c.db
      .insert(users)
      .values(Array.from({ length: 300 }, (_, i) => ({ email: `l${i}@big.example`, nickname: `學員${i}` })))
      .returning({ id: users.id });
    await c.db.insert(classMembers).values(many.map((u) => ({ classId: big!.id, userId: u.id })));
    const [task] = await c.db
      .insert(tasks)
      .values({ classId: big!.id, title: '唯一任務', dueAt: new Date(Date.now() + DAY), points: 5 })
      .returning();
    await c.db
      .insert(taskProgress)
      .values({ taskId: task!.id, userId: many[123]!.id, completedAt: new Date() });
    const r = (await asStaff(`${base}/classes/${big!.id}/progress?sort=points&order=desc`)).json();
    expect(r).toMatchObject({ total: 300, page_size: 500 });
    expect(r.rows).toHaveLength(300);
    expect(r.rows[0]).toMatchObject({ nickname: '學員123', points: 5, completed: 1 });
    expect((await asStaff(`${base}/classes/${big!.id}/progress?page_size=501`)).statusCode).toBe(400);
  });

  it('exports the CSV: BOM, RFC 4180 quoting, formulas defused, Taipei times, named after the class and date, audited', async () => {
    const res = await asStaff(`${base}/classes/${ids.cls}/progress.csv?sort=points&order=desc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const date = taipeiDay(new Date()).date;
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="progress-\d{4}-\d\d-\d\d\.csv"; /,
    );
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`前端班 2026-春-學習進度-${date}.csv`)}`,
    );
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]!.split(',')).toEqual([
      '學員',
      'Email',
      '總積分',
      '完成任務',
      '任務總數',
      '出席場次',
      '已舉行場次',
      '最後活動（台北時間）',
      '期中作品｜狀態',
      '期中作品｜積分',
      '期中作品｜最後活動',
      '首頁切版｜狀態',
      '首頁切版｜積分',
      '首頁切版｜最後活動',
      expect.stringMatching(/^第一週｜\d{4}-\d\d-\d\d \d\d:\d\d$/),
      expect.stringMatching(/^今日直播｜/),
      expect.stringMatching(/^第十週｜/),
    ]);
    expect(lines[1]).toBe(
      '王小明,wang@example.com,25,2,2,1,1,2026-03-03 09:00,已完成,15,2026-02-25 18:00,已完成,10,2026-03-02 00:30,出席,缺席,缺席',
    );
    expect(lines[2]).toBe(
      "'=1+2,formula@example.com,0,0,2,1,1,2026-02-11 18:00,審核中,0,2026-02-11 18:00,進行中,0,2026-02-10 18:00,遲到,缺席,缺席",
    );
    expect(lines[3]).toBe('"陳, ""阿德""",chen@example.com,0,0,2,0,1,,已過期,0,,未接受,0,,缺席,缺席,缺席');
    const audit = await c.db
      .select()
      .from(consoleAudit)
      .where(
        and(
          eq(consoleAudit.actorId, c.who.staff.id),
          eq(consoleAudit.action, `GET ${base}/classes/:id/progress.csv`),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.target).toEqual({ classId: ids.cls, export: 'progress.csv' });
  });

  it('is for staff only: 401 signed out, 403 for a learner, 404 for an unknown class', async () => {
    for (const path of ['progress', 'progress.csv']) {
      expect((await get(`${base}/classes/${ids.cls}/${path}`)).statusCode).toBe(401);
      expect((await get(`${base}/classes/${ids.cls}/${path}`, c.who.learner.token)).statusCode).toBe(403);
      expect((await asStaff(`${base}/classes/00000000-0000-4000-8000-000000000000/${path}`)).statusCode).toBe(
        404,
      );
    }
    expect((await get(`${base}/learners/${ids.wang}/progress`, c.who.learner.token)).statusCode).toBe(403);
    expect((await get(`${base}/sessions/today`)).statusCode).toBe(401);
    expect((await get(`${base}/reviews/overview`, c.who.learner.token)).statusCode).toBe(403);
    // Agents read every report like the class's other tabs (ADR 0025).
    const [agent] = await c.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'agent@atrium.local'));
    const { token } = await createSession(c.db, { userId: agent!.id, ttlDays: 1 });
    for (const path of [
      `classes/${ids.cls}/progress`,
      `classes/${ids.cls}/progress.csv`,
      `learners/${ids.wang}/progress`,
      'sessions/today',
      'reviews/overview',
    ])
      expect((await get(`${base}/${path}`, token)).statusCode, path).toBe(200);
  });

  it("gives a learner's progress across their classes", async () => {
    const res = await asStaff(`${base}/learners/${ids.eq}/progress`);
    expect(res.statusCode).toBe(200);
    const mine = res.json().classes.find((x: { class_id: string }) => x.class_id === ids.cls);
    expect(mine).toMatchObject({
      class_name: '前端班 2026/春',
      points: 0,
      points_total: 30,
      completed: 0,
      sessions_held: 1,
      attended: 1,
    });
    expect(mine.tasks).toMatchObject([
      { title: '期中作品', state: 'accepted', review_state: 'pending', points: 20, points_earned: 0 },
      { title: '首頁切版', state: 'accepted', points: 10 },
    ]);
    expect(mine.sessions.map((s: { status: string }) => s.status)).toEqual(['late', 'absent', 'absent']);
  });

  it("feeds the console home: today's sessions (Taipei day) and the review queue", async () => {
    const today = (await asStaff(`${base}/sessions/today`)).json();
    expect(today.date).toBe(taipeiDay(new Date()).date);
    expect(today.items).toContainEqual(
      expect.objectContaining({ id: ids.today, class_name: '前端班 2026/春', title: '今日直播', members: 3 }),
    );
    expect(today.items.map((s: { id: string }) => s.id)).not.toContain(ids.s1);
    const reviews = (await asStaff(`${base}/reviews/overview`)).json();
    expect(reviews.pending).toBeGreaterThanOrEqual(1);
    // The oldest hand-in anywhere (dated 2020) comes first.
    expect(reviews.oldest[0]).toMatchObject({
      id: ids.pending,
      class_name: '前端班 2026/春',
      task_title: '期中作品',
      learner: '=1+2',
    });
    // A learner who left the class no longer counts.
    await c.db
      .delete(classMembers)
      .where(and(eq(classMembers.classId, ids.cls), eq(classMembers.userId, ids.eq)));
    const after = (await asStaff(`${base}/reviews/overview`)).json();
    expect(after.pending).toBe(reviews.pending - 1);
    expect(after.oldest.map((o: { id: string }) => o.id)).not.toContain(ids.pending);
  });
});
