import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { calendarFeeds, impersonationAudit, sessions } from '../../db/schema.ts';

describe.each(databaseKinds)('impersonation on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let agent: TestUser;
  let learner: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_DISABLED: 'true' });
    admin = await createTestUser(t.app, { role: 'admin' });
    agent = await createTestUser(t.app, { role: 'agent' });
    learner = await createTestUser(t.app, { nickname: 'Lena' });
  });
  afterAll(() => t.close());

  const mint = (by: TestUser, body: object) =>
    t.app.inject({ method: 'POST', url: '/v1/console/impersonation', payload: body, headers: by.auth });
  const begin = (token: string) =>
    t.app.inject({ method: 'POST', url: '/v1/user/impersonation', payload: { token } });
  const auditOf = async (learnerId: string) =>
    t.app.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.learnerId, learnerId))
      .orderBy(desc(impersonationAudit.at));

  it('lets an admin mint a token that signs in as the learner until the limit, audited', async () => {
    const res = await mint(admin, { user_id: learner.id, seconds: 120 });
    expect(res.statusCode).toBe(201);
    const minted = res.json();
    const url = new URL(minted.portal_path, 'http://portal');
    expect(url.searchParams.get('h_use_this_user_token')).toBe(minted.token);
    const limit = Number(url.searchParams.get('h_time_limit'));
    expect(limit - Date.now()).toBeGreaterThan(110_000);
    expect(limit - Date.now()).toBeLessThanOrEqual(120_000);

    const begun = await begin(minted.token);
    expect(begun.statusCode).toBe(200);
    expect(Date.parse(begun.json().expires_at)).toBe(limit);

    const entry = await t.app.inject({
      method: 'GET',
      url: '/v1/entry',
      headers: { authorization: `Bearer ${minted.token}` },
    });
    expect(entry.json().user.id).toBe(learner.id);
    // Stored hashed, bound to both people.
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.impersonatorId, admin.id));
    expect(row!.userId).toBe(learner.id);
    expect(row!.tokenHash).not.toContain(minted.token);

    const audit = await auditOf(learner.id);
    expect(audit.map((a) => [a.action, a.adminId])).toEqual(
      expect.arrayContaining([
        ['mint', admin.id],
        ['use', admin.id],
      ]),
    );
  });

  it("refuses a learner's own session token in the impersonation entry, and logs it", async () => {
    const res = await begin(learner.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'impersonation_refused', message: expect.any(String) });
    const audit = await auditOf(learner.id);
    expect(audit[0]!.action).toBe('refused');
  });

  it('kills the token on the server at the limit', async () => {
    const minted = (await mint(admin, { user_id: learner.id, seconds: 60 })).json();
    // Time travel on the server's side: the stored limit passes.
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.impersonatorId, admin.id));
    expect((await begin(minted.token)).statusCode).toBe(403);
    const entry = await t.app.inject({
      method: 'GET',
      url: '/v1/entry',
      headers: { authorization: `Bearer ${minted.token}` },
    });
    expect(entry.statusCode).toBe(401);
  });

  it('refuses agents, learners, staff targets, unknown people and limits out of range', async () => {
    expect((await mint(agent, { user_id: learner.id })).statusCode).toBe(403);
    expect((await mint(learner, { user_id: learner.id })).statusCode).toBe(403);
    expect((await mint(admin, { user_id: agent.id })).json().code).toBe('not_a_learner');
    expect((await mint(admin, { user_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await mint(admin, { user_id: learner.id, seconds: 86_400 })).statusCode).toBe(400);
  });

  it('says what is wrong with a value in zh-TW, not in zod English (issue 23)', async () => {
    const tooLong = await mint(admin, { user_id: learner.id, seconds: 86_400 });
    expect(tooLong.json()).toEqual({ code: 'validation', message: '欄位格式錯誤：seconds（不可大於 3600）' });
    const fraction = await mint(admin, { user_id: learner.id, seconds: 90.5 });
    expect(fraction.json().message).toBe('欄位格式錯誤：seconds（請輸入整數）');
  });

  it('cannot change the password while impersonating', async () => {
    const minted = (await mint(admin, { user_id: learner.id, seconds: 120 })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/password',
      headers: { authorization: `Bearer ${minted.token}` },
      payload: { old_password: learner.password, new_password: 'NewPassw0rd' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('impersonation_read_only');
  });

  const entryWith = (token: string) =>
    t.app.inject({ method: 'GET', url: '/v1/entry', headers: { authorization: `Bearer ${token}` } });
  const logOut = (token: string) =>
    t.app.inject({ method: 'POST', url: '/v1/user/logout', headers: { authorization: `Bearer ${token}` } });

  it("signs the admin out too when the learner's view is signed out, so nothing can restore it", async () => {
    const minter = await createTestUser(t.app, { role: 'admin' });
    const bystander = await createTestUser(t.app, { role: 'admin' });
    const minted = (await mint(minter, { user_id: learner.id, seconds: 120 })).json();
    const other = (await mint(bystander, { user_id: learner.id, seconds: 120 })).json();
    expect((await logOut(minted.token)).statusCode).toBe(204);
    // 返回原身分 would put the admin's token back: it must no longer sign anyone in.
    expect((await entryWith(minted.token)).statusCode).toBe(401);
    expect((await entryWith(minter.token)).statusCode).toBe(401);
    // Another admin's sign-in and impersonation are not touched, nor the learner's own sign-in.
    expect((await entryWith(bystander.token)).statusCode).toBe(200);
    expect((await entryWith(other.token)).statusCode).toBe(200);
    expect((await entryWith(learner.token)).statusCode).toBe(200);
  });

  it('ends the impersonations an admin minted when the admin signs out of the console', async () => {
    const minter = await createTestUser(t.app, { role: 'admin' });
    const minted = (await mint(minter, { user_id: learner.id, seconds: 120 })).json();
    expect((await logOut(minter.token)).statusCode).toBe(204);
    expect((await entryWith(minted.token)).statusCode).toBe(401);
  });

  it('will not mint a calendar feed while impersonating (it would outlive the impersonation)', async () => {
    const minted = (await mint(admin, { user_id: learner.id, seconds: 120 })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/calendar/feed',
      headers: { authorization: `Bearer ${minted.token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'impersonation_read_only', message: expect.any(String) });
    expect(await t.app.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, learner.id))).toEqual(
      [],
    );
    // The learner's own session still can.
    const own = await t.app.inject({ method: 'POST', url: '/v1/calendar/feed', headers: learner.auth });
    expect(own.statusCode).toBe(200);
  });

  it('shows admins, and only admins, the audit trail through the console API', async () => {
    const minted = (await mint(admin, { user_id: learner.id, seconds: 120 })).json();
    await begin(minted.token);
    await begin(learner.token);
    const read = (by: TestUser, query = '') =>
      t.app.inject({ method: 'GET', url: `/v1/console/impersonation/audit${query}`, headers: by.auth });
    const res = await read(admin, `?learner_id=${learner.id}&page_size=3`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.entries).toHaveLength(3);
    // Newest first: the refused learner token, the use, the mint.
    expect(body.entries.map((e: { action: string }) => e.action)).toEqual(['refused', 'use', 'mint']);
    expect(body.entries[1]).toMatchObject({ admin_id: admin.id, learner_id: learner.id });
    expect((await read(agent)).statusCode).toBe(403);
    expect((await read(learner)).statusCode).toBe(403);
    expect((await read(admin, '?page_size=1000')).statusCode).toBe(400);
  });
});
