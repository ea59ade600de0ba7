import { NOTIFY_PAGE_SIZE, notifyCategories } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { emitEmailVerified } from '../account/index.ts';
import { notifyUser } from './notify-users.ts';

describe.each(databaseKinds)('notifications on %s', (kind) => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    staff = await createTestUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  const call = (user: TestUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: user.auth });
  const broadcasts = '/v1/console/community/notifications';
  const send = (user: TestUser, payload: object) => call(user, 'POST', broadcasts, payload);

  it('lists my messages newest first, in pages, with totals per read state', async () => {
    const me = await createTestUser(t.app);
    for (let i = 1; i <= 12; i++) {
      await notifyUser(t.app.db, me.id, { title: `第 ${i} 則`, category: 'system' });
    }
    const page1 = (await call(me, 'GET', '/v1/notify/message/list?page=1')).json();
    expect(page1).toMatchObject({ total: 12, page: 1, page_size: NOTIFY_PAGE_SIZE });
    expect(page1.list).toHaveLength(10);
    expect(page1.list[0]).toMatchObject({
      title: '第 12 則',
      is_read: false,
      read_at: null,
      category: 'system',
    });
    const page2 = (await call(me, 'GET', '/v1/notify/message/list?page=2')).json();
    expect(page2.list.map((m: { title: string }) => m.title)).toEqual(['第 2 則', '第 1 則']);
    const empty = (await call(me, 'GET', '/v1/notify/message/list?page=9')).json();
    expect(empty).toMatchObject({ list: [], total: 12 });

    const first = page1.list[0].id;
    const read = await call(me, 'PUT', `/v1/notify/message/${first}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: first, is_read: true, read_at: expect.any(String) });
    expect((await call(me, 'GET', '/v1/notify/message/list?page=1&is_read=0')).json().total).toBe(11);
    const readList = (await call(me, 'GET', '/v1/notify/message/list?page=1&is_read=1')).json();
    expect(readList.total).toBe(1);
    expect(readList.list[0].id).toBe(first);

    const unread = await call(me, 'PUT', `/v1/notify/message/${first}/unread`);
    expect(unread.json()).toMatchObject({ is_read: false, read_at: null });
    expect((await call(me, 'GET', '/v1/notify/message/list?is_read=0')).json().total).toBe(12);

    const all = await call(me, 'PUT', '/v1/notify/message/read-all');
    expect(all.json()).toEqual({ updated: 12 });
    expect((await call(me, 'GET', '/v1/notify/message/list?is_read=0')).json().total).toBe(0);
    expect((await call(me, 'PUT', '/v1/notify/message/read-all')).json()).toEqual({ updated: 0 });
  });

  it("never shows or changes another user's messages", async () => {
    const me = await createTestUser(t.app);
    const other = await createTestUser(t.app);
    await notifyUser(t.app.db, other.id, { title: 'secret', category: 'system' });
    const theirs = (await call(other, 'GET', '/v1/notify/message/list')).json().list[0].id;
    expect((await call(me, 'GET', '/v1/notify/message/list')).json()).toMatchObject({ list: [], total: 0 });
    for (const state of ['read', 'unread']) {
      const res = await call(me, 'PUT', `/v1/notify/message/${theirs}/${state}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    await call(me, 'PUT', '/v1/notify/message/read-all');
    expect((await call(other, 'GET', '/v1/notify/message/list?is_read=0')).json().total).toBe(1);
  });

  it('refuses bad input with a 4xx in the one error shape', async () => {
    const me = await createTestUser(t.app);
    for (const url of [
      '/v1/notify/message/list?page=0',
      '/v1/notify/message/list?page=abc',
      '/v1/notify/message/list?is_read=2',
    ]) {
      const res = await call(me, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ code: 'validation', message: expect.any(String) });
    }
    expect((await call(me, 'PUT', '/v1/notify/message/not-a-uuid/read')).statusCode).toBe(400);
    const unknown = await call(me, 'PUT', '/v1/notify/message/00000000-0000-4000-8000-000000000000/read');
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/notify/message/list' })).statusCode).toBe(401);
  });

  it('answers the categories with their zh-TW labels', async () => {
    const me = await createTestUser(t.app);
    const res = await call(me, 'GET', '/v1/notify/message/constants');
    expect(res.statusCode).toBe(200);
    expect(res.json().categories).toEqual(notifyCategories);
    expect(res.json().categories).toContainEqual({ value: 'task', label: '任務' });
  });

  // One broadcast path (ADR 0044): the community route, admins only, each send in the audit trail.
  it('lets only admins broadcast, through the one audited community route', async () => {
    const a = await createTestUser(t.app);
    const b = await createTestUser(t.app);
    const agent = await createTestUser(t.app, { role: 'agent' });
    const everyone = {
      audience: 'all',
      title: '點我領獎',
      category: 'system',
      link: 'https://evil.example/',
    };
    const inbox = async (u: TestUser) => (await call(u, 'GET', '/v1/notify/message/list')).json();

    // The old staff path is gone for everybody; agents and learners are refused on the community one.
    for (const who of [agent, staff]) {
      const old = await call(who, 'POST', '/v1/console/notifications', { all: true, ...everyone });
      expect(old.statusCode).toBe(404);
      expect(old.json().code).toBe('route_not_found');
    }
    for (const who of [agent, a]) {
      const res = await send(who, everyone);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    expect((await t.app.inject({ method: 'POST', url: broadcasts, payload: everyone })).statusCode).toBe(401);
    expect((await inbox(a)).total).toBe(0);
    expect((await inbox(b)).total).toBe(0);

    const toA = await send(staff, {
      audience: 'user',
      target_id: a.id,
      title: '課程異動',
      body: '下週停課',
      category: 'training',
      link: '/training',
    });
    expect(toA.statusCode).toBe(201);
    expect(toA.json()).toMatchObject({ recipients: 1, sent_at: expect.any(String) });
    expect((await inbox(a)).list).toEqual([
      expect.objectContaining({
        title: '課程異動',
        body: '下週停課',
        category: 'training',
        link: '/training',
      }),
    ]);
    expect((await inbox(b)).total).toBe(0);
    // A portal hash path, as sub-chapter links take it, names the route it points to (issue 36).
    const hashed = await send(staff, {
      audience: 'user',
      target_id: b.id,
      title: '請繳交作業',
      category: 'task',
      link: '#/tasks/my',
    });
    expect(hashed.statusCode).toBe(201);
    expect((await inbox(b)).list[0]).toMatchObject({ title: '請繳交作業', link: '/tasks/my' });
    const all = await send(staff, { audience: 'all', title: '系統維護', category: 'system' });
    expect(all.json().recipients).toBeGreaterThanOrEqual(4);
    expect((await inbox(b)).list[0].title).toBe('系統維護');

    // Who sent them is on the admins' audit screen.
    const audit = (await call(staff, 'GET', '/v1/console/community/audit')).json().items;
    const sends = audit.filter(
      (e: { action: string }) => e.action === 'POST /v1/console/community/notifications',
    );
    expect(sends).toHaveLength(3);
    expect(sends.every((e: { actor_email: string }) => e.actor_email === staff.email)).toBe(true);
  });

  it('refuses a broadcast with bad fields or an unknown learner, sending nothing', async () => {
    const a = await createTestUser(t.app);
    const bad = [
      { audience: 'user', title: 'x', category: 'system' }, // no learner named
      { audience: 'all', target_id: a.id, title: 'x', category: 'system' }, // both
      { audience: 'all', title: '', category: 'system' },
      { audience: 'all', title: 'x', category: 'nope' },
      { audience: 'all', title: 'x', category: 'system', link: 'javascript:alert(1)' },
      { audience: 'all', title: 'x', category: 'system', link: '//evil.example' },
      { audience: 'all', title: 'x', category: 'system', link: '#//evil.example' },
      { audience: 'user', target_id: 'not-a-uuid', title: 'x', category: 'system' },
    ];
    for (const payload of bad) {
      const res = await send(staff, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const unknown = await send(staff, {
      audience: 'user',
      target_id: '00000000-0000-4000-8000-000000000000',
      title: 'x',
      category: 'system',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('unknown_users');
    expect((await call(a, 'GET', '/v1/notify/message/list')).json().total).toBe(0);
  });

  it('welcomes a learner when their address is verified', async () => {
    const me = await createTestUser(t.app, { nickname: '小華' });
    await emitEmailVerified(
      { db: t.app.db, userId: me.id, email: me.email, nickname: '小華', via: 'register' },
      t.app.log,
    );
    const list = (await call(me, 'GET', '/v1/notify/message/list?is_read=0')).json();
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ title: '歡迎加入 Atrium', category: 'account', link: '/user' });
    expect(list.list[0].body).toContain('小華');
  });
});
