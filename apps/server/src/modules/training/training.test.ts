import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommunity } from '../../../test/open-community.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { classSessions, trainingClasses } from '../../db/schema.ts';

describe.each(databaseKinds)('training classes on %s', (kind) => {
  let c: Awaited<ReturnType<typeof openCommunity>>;
  beforeAll(async () => {
    c = await openCommunity(kind);
  }, 60_000);
  afterAll(() => c.close());

  it('lists only my published classes, paginated', async () => {
    const res = await c.call('learner', 'GET', '/v1/training-classes/?page=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ page: 1, page_size: 10, total: 3 });
    expect(body.items.map((i: { name: string }) => i.name)).toEqual([
      '資料分析實戰營',
      '前端工程師養成班 第 12 期',
      'UI/UX 設計入門 第 3 期',
    ]);
    const fe = body.items.find((i: { id: string }) => i.id === c.ids.fe);
    expect(fe.next_session.title).toBe('第 3 週：Flexbox 實作課');
    expect(fe.progress).toMatchObject({
      total: 5,
      completed: 1,
      accepted: 1,
      expired: 1,
      available: 2,
      percent: 20,
    });
    expect((await c.call('learner', 'GET', '/v1/training-classes/?page=2')).json().items).toEqual([]);
    expect((await c.call('outsider', 'GET', '/v1/training-classes/')).json().pagination.total).toBe(0);
  });

  it('documents every class call in OpenAPI', async () => {
    const doc = (await c.t.app.inject({ method: 'GET', url: '/v1/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/v1/training-classes/',
      '/v1/training-classes/{id}',
      '/v1/training-classes/{id}/check-in',
      '/v1/training-classes/{id}/chapters/{chapterId}/subchapters/{subId}',
      '/v1/training-classes/{id}/calendar',
      '/v1/training-classes/{id}/certificates/{certId}',
      '/v1/training-classes/{id}/links',
      '/v1/training-classes/{id}/tasks/board',
      '/v1/training-classes/{id}/tasks/accepted/board',
      '/v1/training-classes/{id}/tasks/completed',
      '/v1/calendar/{feed}',
      '/v1/certificates/verify/{verificationId}',
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(Object.keys(doc.paths['/v1/training-classes/{id}/check-in'])).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
  });

  it('refuses a bad page and an anonymous caller', async () => {
    expect((await c.call('learner', 'GET', '/v1/training-classes/?page=0')).statusCode).toBe(400);
    expect((await c.call('learner', 'GET', '/v1/training-classes/?page=abc')).json().code).toBe('validation');
    const anon = await c.t.app.inject({ method: 'GET', url: '/v1/training-classes/' });
    expect(anon.statusCode).toBe(401);
  });

  it('shows the chapter tree: disabled items listed without content, unpublished ones hidden', async () => {
    const res = await c.call('learner', 'GET', `/v1/training-classes/${c.ids.fe}?preview=0`);
    expect(res.statusCode).toBe(200);
    const cls = res.json();
    expect(cls.name).toBe('前端工程師養成班 第 12 期');
    expect(cls.chapters.map((ch: { name: string }) => ch.name)).toEqual([
      '第 1 章　開課準備',
      '第 2 章　HTML 與 CSS',
      '第 3 章　JavaScript 基礎',
    ]);
    const [ch1, ch2, ch3] = cls.chapters;
    expect(ch1.sub_chapters.map((s: { type: string }) => s.type)).toEqual([
      'markdown',
      'video',
      'dashboard',
      'link',
      'link',
    ]);
    expect(ch1.sub_chapters[3].content).toBe('https://developer.mozilla.org/zh-TW/docs/Learn');
    expect(ch1.sub_chapters[4].content).toBe('#/tasks/my');
    expect(ch1.sub_chapters[0].content).toBeNull();
    expect(ch2.sub_chapters.map((s: { name: string }) => s.name)).not.toContain('作業解說（草稿）');
    expect(ch2.sub_chapters.find((s: { name: string }) => s.name === '課後測驗').enable).toBe(false);
    expect(ch3.enable).toBe(false);
    expect(ch3.sub_chapters.every((s: { enable: boolean }) => !s.enable)).toBe(true);
  });

  it('gives sub-chapter content of every in-place type and refuses not-open items with 403', async () => {
    const sub = (ch: string, s: string, q = '') =>
      c.call(
        'learner',
        'GET',
        `/v1/training-classes/${c.ids.fe}/chapters/${c.ids.chapter('fe12', ch)}/subchapters/${c.ids.sub('fe12', ch, s)}${q}`,
      );
    const md = await sub('ch1', 'intro', '?preview=0');
    expect(md.statusCode).toBe(200);
    expect(md.json()).toMatchObject({ type: 'markdown', name: '課程介紹' });
    expect(md.json().content).toContain('# 課程介紹');
    expect((await sub('ch1', 'orientation')).json()).toMatchObject({
      type: 'video',
      content: expect.stringMatching(/^https:/),
    });
    expect((await sub('ch2', 'flexbox-live')).json()).toMatchObject({ type: 'live' });
    const quiz = await sub('ch2', 'quiz');
    expect(quiz.statusCode).toBe(403);
    expect(quiz.json()).toEqual({ code: 'not_open', message: '此單元尚未開放，開放後即可觀看' });
    expect((await sub('ch3', 'vars')).statusCode).toBe(403);
    expect((await sub('ch2', 'draft')).statusCode).toBe(404);
    // A sub-chapter asked for under the wrong chapter is not found.
    const wrong = await c.call(
      'learner',
      'GET',
      `/v1/training-classes/${c.ids.fe}/chapters/${c.ids.chapter('fe12', 'ch2')}/subchapters/${c.ids.sub('fe12', 'ch1', 'intro')}`,
    );
    expect(wrong.statusCode).toBe(404);
    const bad = await c.call('learner', 'GET', `/v1/training-classes/${c.ids.fe}/chapters/x/subchapters/y`);
    expect(bad.statusCode).toBe(400);
  });

  it('shows unpublished content to staff in preview and refuses preview to learners', async () => {
    const staff = await c.call('staff', 'GET', `/v1/training-classes/${c.ids.fe}?preview=1`);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().preview).toBe(true);
    expect(staff.json().chapters.map((ch: { name: string }) => ch.name)).toContain(
      '第 4 章　React 入門（籌備中）',
    );
    const draft = await c.call(
      'staff',
      'GET',
      `/v1/training-classes/${c.ids.fe}/chapters/${c.ids.chapter('fe12', 'ch2')}/subchapters/${c.ids.sub('fe12', 'ch2', 'draft')}?preview=1`,
    );
    expect(draft.json()).toMatchObject({ name: '作業解說（草稿）', published: false });
    expect((await c.call('staff', 'GET', `/v1/training-classes/${c.ids.mobile}?preview=1`)).statusCode).toBe(
      200,
    );
    expect((await c.call('staff', 'GET', `/v1/training-classes/${c.ids.mobile}?preview=0`)).statusCode).toBe(
      404,
    );
    const learner = await c.call('learner', 'GET', `/v1/training-classes/${c.ids.fe}?preview=1`);
    expect(learner.statusCode).toBe(403);
    expect(learner.json().code).toBe('preview_forbidden');
    const learnerSub = await c.call(
      'learner',
      'GET',
      `/v1/training-classes/${c.ids.fe}/chapters/${c.ids.chapter('fe12', 'ch2')}/subchapters/${c.ids.sub('fe12', 'ch2', 'draft')}?preview=1`,
    );
    expect(learnerSub.statusCode).toBe(403);
    expect((await c.call('learner', 'GET', `/v1/training-classes/${c.ids.fe}?preview=2`)).statusCode).toBe(
      400,
    );
  });

  it('lets staff in preview read a sub-chapter that is not open yet (issue 23); learners still get 403', async () => {
    const quiz = (who: 'staff' | 'learner', preview: string) =>
      c.call(
        who,
        'GET',
        `/v1/training-classes/${c.ids.fe}/chapters/${c.ids.chapter('fe12', 'ch2')}/subchapters/${c.ids.sub('fe12', 'ch2', 'quiz')}?preview=${preview}`,
      );
    const previewed = await quiz('staff', '1');
    expect(previewed.statusCode).toBe(200);
    expect(previewed.json()).toMatchObject({ enable: false, type: expect.any(String) });
    expect(previewed.json().content).toBeTruthy();
    expect((await quiz('staff', '0')).json().code).toBe('not_open');
    expect((await quiz('learner', '0')).json().code).toBe('not_open');
  });

  it('hides classes I am not a member of behind 404', async () => {
    for (const url of ['', '/check-in', '/calendar', '/links', '/certificates', '/tasks', '/tasks/board']) {
      const res = await c.call('outsider', 'GET', `/v1/training-classes/${c.ids.fe}${url}`);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('class_not_found');
    }
    expect((await c.call('learner', 'GET', `/v1/training-classes/${c.ids.api}`)).statusCode).toBe(404);
    expect((await c.call('learner', 'GET', `/v1/training-classes/${c.ids.mobile}`)).statusCode).toBe(404);
    expect((await c.call('learner', 'GET', '/v1/training-classes/not-a-uuid')).statusCode).toBe(400);
  });

  it('checks in only inside the window, once', async () => {
    const state = await c.call('learner', 'GET', `/v1/training-classes/${c.ids.fe}/check-in`);
    expect(state.json()).toMatchObject({ window: 'open', may_check_in: true, has_checked_in: false });
    expect(state.json().session.title).toBe('第 3 週：Flexbox 實作課');
    const first = await c.call('learner', 'POST', `/v1/training-classes/${c.ids.fe}/check-in`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ has_checked_in: true, may_check_in: false });
    const again = await c.call('learner', 'POST', `/v1/training-classes/${c.ids.fe}/check-in`);
    expect(again.json().checked_in_at).toBe(first.json().checked_in_at);
    // 資料分析實戰營: the next session's window opens tomorrow.
    const early = await c.call('learner', 'POST', `/v1/training-classes/${c.ids.data}/check-in`);
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('check_in_not_open');
    // UI/UX: the last session is long over.
    const late = await c.call('learner', 'POST', `/v1/training-classes/${c.ids.uiux}/check-in`);
    expect(late.json().code).toBe('check_in_closed');
    expect(
      (await c.call('learner', 'GET', `/v1/training-classes/${c.ids.uiux}/check-in`)).json(),
    ).toMatchObject({
      window: 'closed',
      may_check_in: false,
      has_checked_in: true,
    });
    // My check-in is not the classmate's.
    expect(
      (await c.call('mate', 'GET', `/v1/training-classes/${c.ids.fe}/check-in`)).json().has_checked_in,
    ).toBe(false);
    expect((await c.call('outsider', 'POST', `/v1/training-classes/${c.ids.fe}/check-in`)).statusCode).toBe(
      404,
    );
  });

  it('closes the window on the server clock', async () => {
    await c.db.update(classSessions).set({ checkInClosesAt: new Date(Date.now() - 1000) });
    const res = await c.call('mate', 'POST', `/v1/training-classes/${c.ids.fe}/check-in`);
    expect(res.statusCode).toBe(400);
    expect(
      (await c.call('mate', 'GET', `/v1/training-classes/${c.ids.fe}/check-in`)).json().has_checked_in,
    ).toBe(false);
  });

  it('lists links, calendar and certificates; another learner never sees mine', async () => {
    const links = (await c.call('learner', 'GET', `/v1/training-classes/${c.ids.fe}/links`)).json();
    expect(links.items.map((l: { title: string }) => l.title)).toEqual([
      '班級 Discord',
      '課程共筆',
      'GitHub Classroom',
    ]);
    const cal = (await c.call('learner', 'GET', `/v1/training-classes/${c.ids.fe}/calendar`)).json();
    expect(cal.events.filter((e: { kind: string }) => e.kind === 'session')).toHaveLength(4);
    expect(cal.events.filter((e: { kind: string }) => e.kind === 'task_due')).toHaveLength(5);
    expect(cal.events.map((e: { title: string }) => e.title).join()).not.toContain('草稿');
    const certs = (await c.call('learner', 'GET', `/v1/training-classes/${c.ids.uiux}/certificates`)).json();
    expect(certs.items).toHaveLength(1);
    const cert = certs.items[0];
    expect(cert).toMatchObject({ class_name: 'UI/UX 設計入門 第 3 期', learner_name: '學員小安' });
    const one = await c.call('learner', 'GET', `/v1/training-classes/${c.ids.uiux}/certificates/${cert.id}`);
    expect(one.json().verification_id).toBe(cert.verification_id);
    expect(
      (await c.call('mate', 'GET', `/v1/training-classes/${c.ids.uiux}/certificates/${cert.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await c.call('mate', 'GET', `/v1/training-classes/${c.ids.uiux}/certificates`)).json().items,
    ).toEqual([]);
    // Wrong class in the path: not found either.
    expect(
      (await c.call('learner', 'GET', `/v1/training-classes/${c.ids.fe}/certificates/${cert.id}`)).statusCode,
    ).toBe(404);
    const verify = await c.t.app.inject({
      method: 'GET',
      url: `/v1/certificates/verify/${cert.verification_id}`,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).not.toHaveProperty('id');
    expect(verify.json().learner_name).toBe('學員小安');
    expect(
      (await c.t.app.inject({ method: 'GET', url: '/v1/certificates/verify/NOPE-0000' })).statusCode,
    ).toBe(404);
    expect(
      (await c.t.app.inject({ method: 'GET', url: '/v1/certificates/verify/%3Cscript%3E' })).statusCode,
    ).toBe(400);
  });

  it('serves a secret iCal feed that can be rotated and revoked', async () => {
    const feed = (await c.call('learner', 'POST', '/v1/calendar/feed')).json();
    expect(feed.url).toMatch(/^http:\/\/localhost:3000\/v1\/calendar\/[\w-]+\.ics$/);
    const ics = await c.t.app.inject({ method: 'GET', url: feed.path });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.body).toContain('SUMMARY:前端工程師養成班 第 12 期：第 3 週：Flexbox 實作課');
    expect(ics.body).not.toContain('後端 API 設計工作坊');
    const rotated = (await c.call('learner', 'POST', '/v1/calendar/feed')).json();
    expect((await c.t.app.inject({ method: 'GET', url: feed.path })).statusCode).toBe(404);
    expect((await c.t.app.inject({ method: 'GET', url: rotated.path })).statusCode).toBe(200);
    expect((await c.call('learner', 'DELETE', '/v1/calendar/feed')).statusCode).toBe(204);
    expect((await c.t.app.inject({ method: 'GET', url: rotated.path })).statusCode).toBe(404);
    expect((await c.t.app.inject({ method: 'GET', url: '/v1/calendar/short.ics' })).statusCode).toBe(400);
  });

  it('shows an archived class to its members read-only: its content yes, check-in and tasks no (issue 23)', async () => {
    const db = c.t.app.db;
    // Archiving unpublishes (manage-classes.ts); a learner used to get 404 for the whole class.
    await db
      .update(trainingClasses)
      .set({ archivedAt: new Date(), published: false })
      .where(eq(trainingClasses.id, c.ids.uiux));
    try {
      const cls = await c.call('learner', 'GET', `/v1/training-classes/${c.ids.uiux}`);
      expect(cls.statusCode).toBe(200);
      expect(cls.json().archived).toBe(true);
      const list = (await c.call('learner', 'GET', '/v1/training-classes/?page=1')).json();
      expect(list.items.map((i: { id: string }) => i.id)).toContain(c.ids.uiux);
      expect((await c.call('learner', 'GET', `/v1/training-classes/${c.ids.uiux}/links`)).statusCode).toBe(
        200,
      );
      const checkIn = await c.call('learner', 'POST', `/v1/training-classes/${c.ids.uiux}/check-in`);
      expect(checkIn.statusCode).toBe(403);
      expect(checkIn.json()).toEqual({ code: 'class_archived', message: '此課程已封存，只能瀏覽' });
      const accept = await c.call('learner', 'POST', `/v1/training-classes/${c.ids.uiux}/tasks/accept`, {
        task_id: '00000000-0000-4000-8000-000000000000',
      });
      expect(accept.json().code).toBe('class_archived');
      // Still nobody else's: an outsider gets 404 as before.
      expect((await c.call('outsider', 'GET', `/v1/training-classes/${c.ids.uiux}`)).statusCode).toBe(404);
    } finally {
      await db
        .update(trainingClasses)
        .set({ archivedAt: null, published: true })
        .where(eq(trainingClasses.id, c.ids.uiux));
    }
  });
});
