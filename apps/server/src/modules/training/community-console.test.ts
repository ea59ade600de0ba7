import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../test/create-test-user.ts';
import { openCommunity } from '../../../test/open-community.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { makePng } from '../../../test/test-images.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../account/index.ts';
import { sendDueBroadcasts } from '../notify/index.ts';

const base = '/v1/console/community';
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

describe.each(databaseKinds)('community console on %s', (kind) => {
  let c: Awaited<ReturnType<typeof openCommunity>>;
  let agent: { token: string };
  type Who = 'learner' | 'staff' | 'mate' | 'outsider' | 'agent';
  const tokenOf = (as: Who) => (as === 'agent' ? agent.token : c.who[as].token);
  const call = (as: Who | null, method: string, url: string, payload?: unknown) =>
    c.t.app.inject({
      method: method as 'GET',
      url,
      headers: as ? { authorization: `Bearer ${tokenOf(as)}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (method: string, url: string, payload?: unknown, status = 200) => {
    const res = await call('staff', method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.body ? res.json() : null;
  };
  const expectBad = async (method: string, url: string, payload: unknown, code?: string) => {
    const res = await call('staff', method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(body.message).toMatch(/\S/);
    if (code) expect(body.code).toBe(code);
    return body;
  };

  beforeAll(async () => {
    c = await openCommunity(kind);
    agent = await createTestUser(c.t.app, { role: 'agent' });
  }, 60_000);
  afterAll(() => c.close());

  it('lets no learner and no anonymous caller reach any community call, and no agent change anything', async () => {
    const doc = (await c.t.app.inject({ method: 'GET', url: '/v1/docs/json' })).json();
    const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith(base))
      .flatMap(([path, item]) => Object.keys(item).map((method) => ({ method, path })));
    expect(ops.length).toBeGreaterThan(30);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const { method, path } of ops) {
      const url = path.replace(/\{[^}]+\}/g, id);
      const asLearner = await call('learner', method.toUpperCase(), url, method === 'get' ? undefined : {});
      expect(asLearner.statusCode, `${method} ${url}`).toBe(403);
      expect(asLearner.json().code).toBe('forbidden');
      expect((await call(null, method.toUpperCase(), url)).statusCode, `${method} ${url}`).toBe(401);
      if (method !== 'get') {
        const asAgent = await call('agent', method.toUpperCase(), url, {});
        expect(asAgent.statusCode, `agent ${method} ${url}`).toBe(403);
      }
    }
    // Agents read: the class list and the learners answer them.
    expect((await call('agent', 'GET', `${base}/classes`)).statusCode).toBe(200);
    expect((await call('agent', 'GET', `${base}/learners?q=learner`)).json().items.length).toBeGreaterThan(0);
    expect((await call('agent', 'GET', `${base}/classes/${c.ids.fe}/outline`)).statusCode).toBe(200);
  });

  it('runs a class from creation to a certificate, and the learner sees each step', async () => {
    // Bad input: one error shape, nothing created.
    await expectBad('POST', `${base}/classes`, { name: '' }, 'validation');
    await expectBad('POST', `${base}/classes`, { name: 'x'.repeat(101) });
    const cls = await ok('POST', `${base}/classes`, { name: 'Console 班', description: '由後台建立' }, 201);
    expect(cls).toMatchObject({ published: false, archived: false, members: 0 });

    // Outline: two chapters, three sub-chapters of several types; bad links refused.
    const ch1 = await ok('POST', `${base}/classes/${cls.id}/chapters`, { name: '第 1 章' }, 201);
    const ch2 = await ok(
      'POST',
      `${base}/classes/${cls.id}/chapters`,
      { name: '第 2 章', enable: false },
      201,
    );
    await expectBad('POST', `${base}/chapters/${ch1.id}/sub-chapters`, {
      name: '壞連結',
      type: 'link',
      content: 'javascript:alert(1)',
    });
    await expectBad('POST', `${base}/chapters/${ch1.id}/sub-chapters`, {
      name: '影片',
      type: 'video',
      content: 'http://x',
    });
    await expectBad('POST', `${base}/chapters/${ch1.id}/sub-chapters`, { name: 'x', type: 'quiz' });
    const intro = await ok(
      'POST',
      `${base}/chapters/${ch1.id}/sub-chapters`,
      { name: '課程介紹', type: 'markdown', content: '# 歡迎\n\n| a | b |\n|---|---|\n| 1 | 2 |' },
      201,
    );
    const link = await ok(
      'POST',
      `${base}/chapters/${ch1.id}/sub-chapters`,
      { name: '講義', type: 'link', content: 'https://example.com/notes' },
      201,
    );
    const dash = await ok(
      'POST',
      `${base}/chapters/${ch2.id}/sub-chapters`,
      { name: '主畫面', type: 'dashboard' },
      201,
    );
    // A YouTube watch address is stored as its embed address: YouTube refuses framing otherwise (issue 36).
    const video = await ok(
      'POST',
      `${base}/chapters/${ch2.id}/sub-chapters`,
      { name: '示範影片', type: 'video', content: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s' },
      201,
    );
    expect(video.content).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ?start=42');
    const moved = await ok('PATCH', `${base}/sub-chapters/${video.id}`, {
      content: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(moved.content).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    await ok('DELETE', `${base}/sub-chapters/${video.id}`, undefined, 204);
    await expectBad('PATCH', `${base}/sub-chapters/${link.id}`, { content: 'ftp://x' });
    // An empty PATCH names nothing to change: refused, not stored as defaults.
    await expectBad('PATCH', `${base}/chapters/${ch1.id}`, {});
    await expectBad('PATCH', `${base}/sub-chapters/${link.id}`, {});
    await ok('PUT', `${base}/chapters/${ch1.id}/sub-chapters/order`, { ids: [link.id, intro.id] });
    await expectBad(
      'PUT',
      `${base}/chapters/${ch1.id}/sub-chapters/order`,
      { ids: [link.id] },
      'order_mismatch',
    );
    await ok('PUT', `${base}/classes/${cls.id}/chapters/order`, { ids: [ch2.id, ch1.id] });
    await ok('PUT', `${base}/classes/${cls.id}/chapters/order`, { ids: [ch1.id, ch2.id] });
    await expectBad('POST', `${base}/classes/${cls.id}/links`, { title: 'x', url: 'javascript:alert(1)' });
    await ok(
      'POST',
      `${base}/classes/${cls.id}/links`,
      { title: '社群', url: 'https://example.com/chat' },
      201,
    );
    await ok('POST', `${base}/classes/${cls.id}/links`, { title: '任務', url: '/tasks/my' }, 201);

    // Members from a CSV, with a line per row; an address with no account is invited (ADR 0063).
    const learner = await c.db.select().from(users).where(eq(users.id, c.who.learner.id));
    const csv = `email,name\n${learner[0]!.email},小明\nnobody@example.com,x\nnot-an-email\n${learner[0]!.email.toUpperCase()}\n`;
    const report = await ok('POST', `${base}/classes/${cls.id}/members/import`, { csv });
    expect(report.added).toBe(1);
    expect(report.rows.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [2, 'added'],
      [3, 'invited'],
      [4, 'invalid_email'],
      [5, 'duplicate'],
    ]);
    // Issue 23: a blank row in the middle is reported, not skipped silently; a staff account is refused, not
    // enrolled as a learner (the trailing newline is no row).
    const staffRow = await c.db.select().from(users).where(eq(users.id, c.who.staff.id));
    const mixed = `email\nnobody2@example.com\n\n  \n${staffRow[0]!.email}\n`;
    const mixedReport = await ok('POST', `${base}/classes/${cls.id}/members/import`, { csv: mixed });
    expect(mixedReport.added).toBe(0);
    expect(mixedReport.rows.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [2, 'invited'],
      [3, 'blank'],
      [4, 'blank'],
      [5, 'staff_account'],
    ]);
    const members = await ok('GET', `${base}/classes/${cls.id}/members`);
    expect(JSON.stringify(members)).not.toContain(staffRow[0]!.email);
    const again = await ok('POST', `${base}/classes/${cls.id}/members`, { emails: [learner[0]!.email] });
    expect(again.rows[0].status).toBe('already_member');
    await expectBad('POST', `${base}/classes/${cls.id}/members`, { emails: [] });

    // A session whose check-in window is open now.
    await expectBad('POST', `${base}/classes/${cls.id}/sessions`, {
      title: '第 1 堂',
      starts_at: minutes(10),
      ends_at: minutes(5),
      check_in_opens_at: minutes(-10),
      check_in_closes_at: minutes(50),
    });
    const session = await ok(
      'POST',
      `${base}/classes/${cls.id}/sessions`,
      {
        title: '第 1 堂',
        starts_at: minutes(10),
        ends_at: minutes(70),
        check_in_opens_at: minutes(-10),
        check_in_closes_at: minutes(50),
      },
      201,
    );

    // Before publishing the learner sees nothing; after, the outline as built.
    expect((await call('learner', 'GET', `/v1/training-classes/${cls.id}`)).statusCode).toBe(404);
    await ok('PATCH', `${base}/classes/${cls.id}`, { published: true });
    const seen = (await call('learner', 'GET', `/v1/training-classes/${cls.id}`)).json();
    // A PATCH changes only what it names: publishing kept the description (ADR 0040).
    expect(seen.description).toBe('由後台建立');
    expect(seen.chapters.map((ch: { name: string }) => ch.name)).toEqual(['第 1 章', '第 2 章']);
    expect(seen.chapters[0].sub_chapters.map((s: { name: string }) => s.name)).toEqual(['講義', '課程介紹']);
    expect(seen.chapters[1].enable).toBe(false);
    expect(seen.chapters[1].sub_chapters[0]).toMatchObject({ id: dash.id, enable: false });
    const links = (await call('learner', 'GET', `/v1/training-classes/${cls.id}/links`)).json();
    expect(links.items.map((l: { url: string }) => l.url)).toEqual(['https://example.com/chat', '/tasks/my']);

    // Check-in, attendance and its CSV.
    const checkIn = await call('learner', 'POST', `/v1/training-classes/${cls.id}/check-in`);
    expect(checkIn.json().has_checked_in).toBe(true);
    const attendance = await ok('GET', `${base}/sessions/${session.id}/attendance`);
    expect(attendance).toMatchObject({ members: 1, checked_in: 1 });
    const csvRes = await call('staff', 'GET', `${base}/sessions/${session.id}/attendance.csv`);
    expect(csvRes.headers['content-type']).toContain('text/csv');
    expect(csvRes.body).toContain(`${learner[0]!.email},`);
    // The progress report's convention (issue 36): zh-TW headers and words, Taipei time, the class's name.
    const [head, first] = csvRes.body.slice(1).split('\r\n');
    expect(head).toBe('學員,Email,已簽到,簽到時間（台北時間）,出席狀態,由工作人員標記');
    expect(first).toMatch(/,是,\d{4}-\d\d-\d\d \d\d:\d\d,出席,否$/);
    const { checked_in_at } = attendance.rows[0];
    expect(first).toContain(
      new Date(checked_in_at).toLocaleString('sv-SE', { timeZone: 'Asia/Taipei' }).slice(0, 16),
    );
    expect(csvRes.headers['content-disposition']).toMatch(
      /^attachment; filename="attendance-\d{4}-\d\d-\d\d\.csv"; filename\*=UTF-8''/,
    );
    const named = decodeURIComponent(csvRes.headers['content-disposition']!.split("UTF-8''")[1]!);
    expect(named.startsWith(`${cls.name}-${session.title}-出席-`)).toBe(true);

    // A task: accepted and completed by the learner, seen in the console.
    await expectBad(
      'POST',
      `${base}/classes/${cls.id}/tasks`,
      { title: '作業', due_at: minutes(-5) },
      'due_in_past',
    );
    const task = await ok(
      'POST',
      `${base}/classes/${cls.id}/tasks`,
      { title: '作業一', due_at: minutes(600) },
      201,
    );
    await expectBad('PATCH', `${base}/tasks/${task.id}`, { due_at: 'tomorrow' });
    await call('learner', 'POST', `/v1/training-classes/${cls.id}/tasks/accept`, { task_id: task.id });
    const done = await call('learner', 'POST', `/v1/training-classes/${cls.id}/tasks/completed`, {
      task_id: task.id,
    });
    expect(done.json().task.state).toBe('completed');
    const tasks = await ok('GET', `${base}/classes/${cls.id}/tasks`);
    expect(tasks.items[0]).toMatchObject({ accepted: 1, completed: 1 });
    const progress = await ok('GET', `${base}/tasks/${task.id}/progress`);
    expect(progress.items[0].completed_at).not.toBeNull();

    // Certificates: issued for completers, revoked, and public verification says so.
    const issued = await ok('POST', `${base}/classes/${cls.id}/certificates`);
    expect(issued.items).toHaveLength(1);
    const cert = issued.items[0];
    const verify = () =>
      c.t.app.inject({ method: 'GET', url: `/v1/certificates/verify/${cert.verification_id}` });
    expect((await verify()).json()).toMatchObject({ class_name: 'Console 班', revoked_at: null });
    await ok('POST', `${base}/classes/${cls.id}/certificates/${cert.id}/revoke`);
    expect((await verify()).json().revoked_at).not.toBeNull();

    // Archive: learners keep reading it, read-only (ADR 0049); the console lists it under archived.
    await expectBad(
      'PATCH',
      `${base}/classes/${cls.id}`,
      { archived: true, published: true },
      'class_archived',
    );
    await ok('PATCH', `${base}/classes/${cls.id}`, { archived: true });
    const kept = await call('learner', 'GET', `/v1/training-classes/${cls.id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().archived).toBe(true);
    const archived = await ok('GET', `${base}/classes?archived=1`);
    expect(archived.items.map((i: { id: string }) => i.id)).toContain(cls.id);
    expect((await ok('GET', `${base}/classes`)).items.map((i: { id: string }) => i.id)).not.toContain(cls.id);

    // Every change is in the audit trail, with who made it and on what; refused calls are not.
    const audit = (await ok('GET', `${base}/audit`)).items as {
      action: string;
      actor_id: string;
      target: Record<string, string>;
    }[];
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'POST /v1/console/community/classes',
        'PATCH /v1/console/community/classes/:id',
        'POST /v1/console/community/classes/:id/members/import',
        'POST /v1/console/community/classes/:id/certificates/:certId/revoke',
      ]),
    );
    const archive = audit.find((a) => a.action === 'PATCH /v1/console/community/classes/:id')!;
    expect(archive).toMatchObject({ actor_id: c.who.staff.id, target: { id: cls.id } });
    expect(audit.every((a) => !a.action.startsWith('GET'))).toBe(true);
    expect((await call('agent', 'GET', `${base}/audit`)).statusCode).toBe(403);
  });

  it('copies a class for the next cohort, opens chapters on their release date, and takes attendance by hand', async () => {
    const src = await ok('POST', `${base}/classes`, { name: '第一梯', welcome: '歡迎！' }, 201);
    const later = await ok(
      'POST',
      `${base}/classes/${src.id}/chapters`,
      { name: '下週開放', release_at: minutes(7 * 24 * 60) },
      201,
    );
    expect(later.release_at).not.toBeNull();
    await expectBad('POST', `${base}/classes/${src.id}/chapters`, { name: 'x', release_at: 'next week' });
    const now = await ok('POST', `${base}/classes/${src.id}/chapters`, { name: '已開放' }, 201);
    const lesson = await ok(
      'POST',
      `${base}/chapters/${later.id}/sub-chapters`,
      { name: '預習', type: 'markdown', content: '# 預習內容' },
      201,
    );
    await ok('POST', `${base}/chapters/${now.id}/sub-chapters`, { name: '看板', type: 'dashboard' }, 201);
    await ok('POST', `${base}/classes/${src.id}/links`, { title: '群組', url: 'https://example.com/g' }, 201);
    const learner = await c.db.select().from(users).where(eq(users.id, c.who.learner.id));
    await ok('POST', `${base}/classes/${src.id}/members`, { emails: [learner[0]!.email] });
    await ok(
      'POST',
      `${base}/classes/${src.id}/tasks`,
      { title: '作業一', due_at: minutes(600), points: 5 },
      201,
    );
    await ok('PATCH', `${base}/classes/${src.id}`, { published: true });

    // Release date: listed closed with its date, the content refused like any not-open item; preview opens it.
    const tree = (await call('learner', 'GET', `/v1/training-classes/${src.id}`)).json();
    const closed = tree.chapters.find((ch: { id: string }) => ch.id === later.id);
    expect(closed).toMatchObject({ enable: false, release_at: later.release_at });
    expect(closed.sub_chapters[0]).toMatchObject({ enable: false, content: null });
    const subUrl = `/v1/training-classes/${src.id}/chapters/${later.id}/subchapters/${lesson.id}`;
    const refused = await call('learner', 'GET', subUrl);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('not_open');
    expect((await call('staff', 'GET', `${subUrl}?preview=1`)).json().content).toBe('# 預習內容');
    // Once the date has passed (moved into the past here) the learner reads it.
    await ok('PATCH', `${base}/chapters/${later.id}`, { release_at: minutes(-1) });
    expect((await call('learner', 'GET', subUrl)).json().content).toBe('# 預習內容');
    await ok('PATCH', `${base}/chapters/${later.id}`, { release_at: minutes(60) });

    // Attendance by hand: present, late, absent; a non-member is refused; it reaches the CSV.
    const session = await ok(
      'POST',
      `${base}/classes/${src.id}/sessions`,
      {
        title: '第一堂',
        starts_at: minutes(60),
        ends_at: minutes(120),
        check_in_opens_at: minutes(50),
        check_in_closes_at: minutes(130),
      },
      201,
    );
    const mark = (status: string, userId = c.who.learner.id) =>
      call('staff', 'PUT', `${base}/sessions/${session.id}/attendance/${userId}`, { status });
    const late = (await mark('late')).json();
    expect(late).toMatchObject({ checked_in: 1 });
    expect(late.rows[0]).toMatchObject({ status: 'late', marked_by_staff: true });
    expect((await mark('maybe')).statusCode).toBe(400);
    expect((await mark('present', c.who.outsider.id)).json().code).toBe('member_not_found');
    expect(
      (
        await call('agent', 'PUT', `${base}/sessions/${session.id}/attendance/${c.who.learner.id}`, {
          status: 'present',
        })
      ).statusCode,
    ).toBe(403);
    const csv = (await call('staff', 'GET', `${base}/sessions/${session.id}/attendance.csv`)).body;
    expect(csv).toContain(',遲到,是');
    const absent = (await mark('absent')).json();
    expect(absent).toMatchObject({ checked_in: 0 });
    expect(absent.rows[0]).toMatchObject({ status: 'absent', checked_in_at: null });
    await mark('present');

    // The copy: outline, content, links and tasks; no members, sessions, check-ins; unpublished.
    const copy = await ok('POST', `${base}/classes/${src.id}/copy`, {}, 201);
    expect(copy).toMatchObject({ name: '第一梯（複本）', published: false, members: 0, welcome: '歡迎！' });
    const named = await ok('POST', `${base}/classes/${src.id}/copy`, { name: '第二梯' }, 201);
    expect(named.name).toBe('第二梯');
    await expectBad('POST', `${base}/classes/${src.id}/copy`, { name: '' });
    const outline = await ok('GET', `${base}/classes/${copy.id}/outline`);
    expect(
      outline.chapters.map(
        (ch: {
          name: string;
          release_at: string | null;
          sub_chapters: { name: string; content: string }[];
        }) => [ch.name, ch.release_at, ch.sub_chapters.map((s) => s.content || s.name)],
      ),
    ).toEqual([
      [
        '下週開放',
        (await ok('GET', `${base}/classes/${src.id}/outline`)).chapters[0].release_at,
        ['# 預習內容'],
      ],
      ['已開放', null, ['看板']],
    ]);
    expect(outline.chapters[0].id).not.toBe(later.id);
    const copiedLinks = await ok('GET', `${base}/classes/${copy.id}/links`);
    expect(copiedLinks.items.map((l: { url: string }) => l.url)).toEqual(['https://example.com/g']);
    const copiedTasks = await ok('GET', `${base}/classes/${copy.id}/tasks`);
    expect(copiedTasks.items).toHaveLength(1);
    expect(copiedTasks.items[0]).toMatchObject({ title: '作業一', points: 5, accepted: 0, completed: 0 });
    expect((await ok('GET', `${base}/classes/${copy.id}/members`)).items).toEqual([]);
    expect((await ok('GET', `${base}/classes/${copy.id}/sessions`)).items).toEqual([]);
    expect((await call('learner', 'GET', `/v1/training-classes/${copy.id}`)).statusCode).toBe(404);
    expect((await call('agent', 'POST', `${base}/classes/${src.id}/copy`, {})).statusCode).toBe(403);

    const audit = (await ok('GET', `${base}/audit`)).items as {
      action: string;
      target: Record<string, string>;
    }[];
    expect(
      audit.find((a) => a.action === 'POST /v1/console/community/classes/:id/copy')?.target,
    ).toMatchObject({
      id: src.id,
    });
    expect(audit.map((a) => a.action)).toContain(
      'PUT /v1/console/community/sessions/:sessionId/attendance/:userId',
    );
  });

  it('sends notifications now or later, to a learner, a class or everyone, and counts reads', async () => {
    await expectBad('POST', `${base}/notifications`, { audience: 'class', title: 'x', category: 'system' });
    await expectBad('POST', `${base}/notifications`, {
      audience: 'user',
      target_id: c.who.learner.id,
      title: 'x',
      category: 'system',
      link: 'javascript:alert(1)',
    });
    await expectBad(
      'POST',
      `${base}/notifications`,
      {
        audience: 'user',
        target_id: '00000000-0000-4000-8000-000000000000',
        title: 'x',
        category: 'system',
      },
      'unknown_users',
    );
    const now = await ok(
      'POST',
      `${base}/notifications`,
      {
        audience: 'user',
        target_id: c.who.learner.id,
        title: '上課提醒',
        category: 'training',
        link: '/training',
      },
      201,
    );
    expect(now.recipients).toBe(1);
    const inbox = (await call('learner', 'GET', '/v1/notify/message/list?page=1')).json();
    const mine = inbox.list.find((m: { title: string }) => m.title === '上課提醒');
    expect(mine).toMatchObject({ category: 'training', link: '/training', is_read: false });
    await call('learner', 'PUT', `/v1/notify/message/${mine.id}/read`);
    const later = await ok(
      'POST',
      `${base}/notifications`,
      { audience: 'class', target_id: c.ids.fe, title: '排程訊息', category: 'system', send_at: minutes(30) },
      201,
    );
    expect(later.sent_at).toBeNull();
    const titles = async () =>
      (await call('learner', 'GET', '/v1/notify/message/list?page=1'))
        .json()
        .list.map((m: { title: string }) => m.title);
    expect(await titles()).not.toContain('排程訊息');
    expect(await sendDueBroadcasts(c.db, new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect(await titles()).toContain('排程訊息');
    const sent = await ok('GET', `${base}/notifications`);
    expect(sent.items.find((b: { id: string }) => b.id === now.id)).toMatchObject({ recipients: 1, read: 1 });
    expect(sent.items.find((b: { id: string }) => b.id === later.id).recipients).toBeGreaterThan(1);
    expect((await call('staff', 'DELETE', `${base}/notifications/${later.id}`)).statusCode).toBe(400);
  });

  it('finds learners, shows their record, disables, resends verification and guards self-changes', async () => {
    const found = await ok('GET', `${base}/learners?q=meimei`);
    expect(found.items).toHaveLength(1);
    await expectBad('GET', `${base}/learners?page=0`, undefined);
    const detail = await ok('GET', `${base}/learners/${c.who.learner.id}`);
    expect(detail.classes.length).toBeGreaterThan(0);
    expect(detail.tasks.length).toBeGreaterThan(0);
    await expectBad('PATCH', `${base}/learners/${c.who.staff.id}`, { role: 'learner' }, 'self_change');
    expect((await ok('PATCH', `${base}/learners/${c.who.mate.id}`, { role: 'agent' })).role).toBe('agent');
    expect((await call('mate', 'GET', `${base}/classes`)).statusCode).toBe(200);
    expect((await call('mate', 'POST', `${base}/classes`, { name: 'x' })).statusCode).toBe(403);
    await ok('PATCH', `${base}/learners/${c.who.mate.id}`, { role: 'learner' });
    expect((await call('mate', 'GET', `${base}/classes`)).statusCode).toBe(403);
    await expectBad('PATCH', `${base}/learners/${c.who.mate.id}`, { role: 'staff' });

    expect((await call('mate', 'GET', '/v1/user/profile')).statusCode).toBe(200);
    expect((await ok('PATCH', `${base}/learners/${c.who.mate.id}`, { disabled: true })).disabled).toBe(true);
    expect((await call('mate', 'GET', '/v1/user/profile')).statusCode).toBe(401);
    await ok('PATCH', `${base}/learners/${c.who.mate.id}`, { disabled: false });

    const [fresh] = await c.db
      .insert(users)
      .values({
        email: 'unverified@example.com',
        passwordHash: await hashPassword('Passw0rdX'),
        nickname: '新人',
      })
      .returning();
    await ok('POST', `${base}/learners/${fresh!.id}/resend-verification`, undefined, 204);
    const mail = await c.t.smtp.waitForMail('unverified@example.com');
    expect(mail.text ?? '').toMatch(/register\/verify/);
    await expectBad(
      'POST',
      `${base}/learners/${c.who.learner.id}/resend-verification`,
      undefined,
      'already_verified',
    );
  });

  it('stores course images checked by content and size, for signed-in users only', async () => {
    const upload = (body: Buffer, type = 'image/png') =>
      c.t.app.inject({
        method: 'POST',
        url: `${base}/course-images`,
        headers: { authorization: `Bearer ${c.who.staff.token}`, 'content-type': type },
        payload: body,
      });
    const png = makePng();
    const res = await upload(png);
    expect(res.statusCode).toBe(201);
    const { url, markdown } = res.json();
    expect(markdown).toBe(`![](${url})`);
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(20),
    ]);
    expect((await upload(webp, 'image/webp')).statusCode).toBe(201);
    const fake = await upload(Buffer.from('<svg onload=alert(1)>'), 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().code).toBe('image_not_supported');
    const big = await upload(makePng(4, 4, [1, 2, 3], 2_097_153));
    expect(big.statusCode).toBe(400);
    expect(big.json().code).toBe('image_too_large');
    const asLearner = await call('learner', 'GET', url);
    expect(asLearner.statusCode).toBe(200);
    expect(asLearner.headers['content-type']).toBe('image/png');
    expect(Buffer.from(asLearner.rawPayload).equals(png)).toBe(true);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call('learner', 'GET', '/v1/course-images/..%2F..%2Fetc.png')).statusCode).toBe(404);
  });
});
