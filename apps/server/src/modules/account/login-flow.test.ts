import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, mailAfter, mailedCode, settleMail } from '../../../test/account-test-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { seedDemoAccounts } from '../../db/seed/seed-demo-accounts.ts';

const learner = { email: 'learner@atrium.local', password: 'Learner123' };
const staff = { email: 'staff@atrium.local', password: 'Staff1234' };

describe.each(databaseKinds)('sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_DISABLED: 'true' });
    await seedDemoAccounts(t.app.db);
  });
  afterAll(() => t.close());

  /** Signs a browser in through the mailed code, as a first sign-in from it does. */
  async function signInWithCode(
    b: ReturnType<typeof createBrowser>,
    who: { email: string; password: string },
  ) {
    const since = t.smtp.inbox.length;
    const res = await b.call('POST', '/v1/user/login', who);
    expect(res.json()).toEqual({ status: 'verify_required', email: who.email });
    const code = mailedCode(await mailAfter(t, since, who.email, '登入驗證碼'));
    return b.call('PUT', '/v1/user/login/verify', { code });
  }

  it('asks a new browser for the mailed code, then remembers the browser', async () => {
    const b = createBrowser(t.app);
    const since = t.smtp.inbox.length;
    const first = await b.call('POST', '/v1/user/login', learner);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'verify_required', email: learner.email });
    expect(b.cookie('token')).toBeUndefined();
    const ticket = first.cookies.find((c) => c.name === 'login_ticket')!;
    expect(ticket).toMatchObject({ httpOnly: true, path: '/v1/user/login' });
    expect((ticket.expires as Date).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    const mail = await mailAfter(t, since, learner.email, '登入驗證碼');
    const verify = await b.call('PUT', '/v1/user/login/verify', { code: mailedCode(mail) });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({
      status: 'signed_in',
      user: { email: learner.email, nickname: '學員小安' },
    });
    const token = verify.cookies.find((c) => c.name === 'token')!;
    expect(token.httpOnly).toBeFalsy();
    const days = ((token.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(60);
    const device = verify.cookies.find((c) => c.name === 'device')!;
    expect(device.httpOnly).toBe(true);
    expect(Math.round(((device.expires as Date).getTime() - Date.now()) / 86_400_000)).toBe(365);
    expect(b.cookie('login_ticket')).toBeUndefined();

    // Same browser, next time: signed in at once, no mail.
    const before = t.smtp.inbox.length;
    const again = await b.call('POST', '/v1/user/login', learner);
    expect(again.json()).toMatchObject({ status: 'signed_in', token: expect.any(String) });
    expect((await b.call('GET', '/v1/entry')).json().user.email).toBe(learner.email);
    await settleMail(t.app);
    expect(t.smtp.inbox.length).toBe(before);

    // Another browser is new again.
    const other = await createBrowser(t.app).call('POST', '/v1/user/login', learner);
    expect(other.json().status).toBe('verify_required');
  });

  it('asks staff for a code from a new browser too', async () => {
    const res = await signInWithCode(createBrowser(t.app), staff);
    expect(res.json().user.role).toBe('admin');
  });

  it('answers an unknown address and a wrong password identically', async () => {
    const wrong = await createBrowser(t.app).call('POST', '/v1/user/login', {
      ...learner,
      password: 'Wrong1234',
    });
    const unknown = await createBrowser(t.app).call('POST', '/v1/user/login', {
      email: 'ghost@atrium.local',
      password: 'Wrong1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'invalid_credentials', message: '帳號或密碼錯誤' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a code without the ticket cookie, a wrong code, and a ticket after 5 wrong codes', async () => {
    const missing = await createBrowser(t.app).call('PUT', '/v1/user/login/verify', { code: '123456' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('ticket_missing');

    const b = createBrowser(t.app);
    const since = t.smtp.inbox.length;
    await b.call('POST', '/v1/user/login', learner);
    const code = mailedCode(await mailAfter(t, since, learner.email, '登入驗證碼'));
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await b.call('PUT', '/v1/user/login/verify', { code: wrong })).json().code);
    expect(answers).toEqual(['code_invalid', 'code_invalid', 'code_invalid', 'code_invalid', 'code_expired']);
    const late = await b.call('PUT', '/v1/user/login/verify', { code });
    expect(late.json().code).toBe('code_expired');
    expect(b.cookie('token')).toBeUndefined();
  });

  it('refuses a code whose 10 minutes are over', async () => {
    const b = createBrowser(t.app);
    const since = t.smtp.inbox.length;
    await b.call('POST', '/v1/user/login', staff);
    const code = mailedCode(await mailAfter(t, since, staff.email, '登入驗證碼'));
    await t.app.db.execute(
      sql`update verification_tokens set expires_at = now() - interval '1 second' where purpose = 'login'`,
    );
    const res = await b.call('PUT', '/v1/user/login/verify', { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('code_expired');
  });

  it('seeds the demo accounts only once', async () => {
    const again = await seedDemoAccounts(t.app.db);
    expect(again.map((r) => r.created)).toEqual([false, false, false]);
    const rows = await t.app.db.execute(
      sql`select count(*)::int as n from users where email like '%@atrium.local'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
  });

  it('forgets trusted browsers when the password is changed, as a reset does', async () => {
    const ahao = await createTestUser(t.app, { password: 'Classmate123' });
    const a = createBrowser(t.app);
    const b = createBrowser(t.app);
    const first = { email: ahao.email, password: ahao.password };
    expect((await signInWithCode(a, first)).statusCode).toBe(200);
    expect((await signInWithCode(b, first)).statusCode).toBe(200);
    const changed = await b.call('PUT', '/v1/user/password', {
      old_password: ahao.password,
      new_password: 'Changed9Pass',
    });
    expect(changed.statusCode).toBe(204);
    const next = { email: ahao.email, password: 'Changed9Pass' };
    // The session that changed it stays signed in; every browser needs a mailed code at its next sign-in.
    expect((await b.call('GET', '/v1/entry')).statusCode).toBe(200);
    expect((await b.call('POST', '/v1/user/login', next)).json().status).toBe('verify_required');
    expect((await a.call('POST', '/v1/user/login', next)).json()).toEqual({
      status: 'verify_required',
      email: ahao.email,
    });
  });
});
