import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBrowser,
  linkToken,
  mailAfter,
  mailedCode,
  settleMail,
} from '../../../test/account-test-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { ensureAccount } from './ensure-account.ts';

describe.each(databaseKinds)('password reset and old accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_DISABLED: 'true' });
    await ensureAccount(t.app.db, {
      email: 'mei@example.com',
      password: 'Before123',
      nickname: '小美',
      role: 'learner',
    });
    await t.app.db.execute(
      sql`insert into users (email, nickname, legacy) values ('old@example.com', '老學員', true), ('old2@example.com', '', true)`,
    );
  });
  afterAll(() => t.close());

  async function signIn(email: string, password: string) {
    const b = createBrowser(t.app);
    const since = t.smtp.inbox.length;
    const res = await b.call('POST', '/v1/user/login', { email, password });
    if (res.json().status !== 'verify_required') return { b, res };
    const code = mailedCode(await mailAfter(t, since, email, '登入驗證碼'));
    return { b, res: await b.call('PUT', '/v1/user/login/verify', { code }) };
  }

  const requestReset = async (email: string) => {
    const since = t.smtp.inbox.length;
    const res = await createBrowser(t.app).call('POST', '/v1/user/reset_password', { email });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email });
    return linkToken(await mailAfter(t, since, email, '重設密碼'), '/password/reset');
  };

  it('resets the password with the mailed link and signs every session out', async () => {
    const one = await signIn('mei@example.com', 'Before123');
    const two = await signIn('mei@example.com', 'Before123');
    const bearer = two.res.json().token as string;
    expect((await one.b.call('GET', '/v1/entry')).statusCode).toBe(200);

    const token = await requestReset('mei@example.com');
    const done = await createBrowser(t.app).call('POST', `/v1/user/reset_password/verify?token=${token}`, {
      password: 'After1234',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: 'mei@example.com' });

    expect((await one.b.call('GET', '/v1/entry')).statusCode).toBe(401);
    const viaBearer = await t.app.inject({
      method: 'GET',
      url: '/v1/entry',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(viaBearer.statusCode).toBe(401);

    const old = await one.b.call('POST', '/v1/user/login', {
      email: 'mei@example.com',
      password: 'Before123',
    });
    expect(old.json().code).toBe('invalid_credentials');
    // A browser known before the reset must prove itself again.
    const relogin = await one.b.call('POST', '/v1/user/login', {
      email: 'mei@example.com',
      password: 'After1234',
    });
    expect(relogin.json().status).toBe('verify_required');

    const reused = await createBrowser(t.app).call('POST', `/v1/user/reset_password/verify?token=${token}`, {
      password: 'Again1234',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('link_invalid');
  });

  it('refuses a reset link after its hour', async () => {
    const token = await requestReset('mei@example.com');
    await t.app.db.execute(
      sql`update verification_tokens set expires_at = now() - interval '1 second' where purpose = 'reset'`,
    );
    const res = await createBrowser(t.app).call('POST', `/v1/user/reset_password/verify?token=${token}`, {
      password: 'Late12345',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('link_expired');
  });

  it('answers a reset for an unknown address the same and mails nothing', async () => {
    const res = await createBrowser(t.app).call('POST', '/v1/user/reset_password', {
      email: 'nobody@example.com',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email: 'nobody@example.com' });
    await settleMail(t.app);
    expect(t.smtp.inbox.some((m) => m.to === 'nobody@example.com')).toBe(false);
  });

  it('lets a pre-portal account claim itself with the mailed link and a new password', async () => {
    const cannot = await createBrowser(t.app).call('POST', '/v1/user/login', {
      email: 'old@example.com',
      password: 'Whatever1',
    });
    expect(cannot.json().code).toBe('invalid_credentials');

    const since = t.smtp.inbox.length;
    const ask = await createBrowser(t.app).call('POST', '/v1/user/register/verify', {
      email: 'old@example.com',
    });
    expect(ask.statusCode).toBe(202);
    const mail = await mailAfter(t, since, 'old@example.com', '啟用');
    expect(mail.text).toContain('http://localhost:3000/register/old-verify?token=');
    const token = linkToken(mail, '/register/old-verify');

    const b = createBrowser(t.app);
    const noPassword = await b.call('PUT', '/v1/user/register/verify', { token });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().code).toBe('password_required');

    const claimed = await b.call('PUT', '/v1/user/register/verify', {
      token,
      password: 'Claim1234',
      nickname: '老王',
    });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({
      status: 'signed_in',
      user: { email: 'old@example.com', nickname: '老王' },
    });
    // The claiming browser proved the mailbox, so it is known from now on.
    const next = await b.call('POST', '/v1/user/login', { email: 'old@example.com', password: 'Claim1234' });
    expect(next.json().status).toBe('signed_in');
  });

  it('mails the claim link when someone registers with a pre-portal address', async () => {
    const since = t.smtp.inbox.length;
    const res = await createBrowser(t.app).call('POST', '/v1/user/register', {
      email: 'old2@example.com',
      password: 'Newbie123',
      nickname: 'Newbie',
    });
    expect(res.statusCode).toBe(201);
    const mail = await mailAfter(t, since, 'old2@example.com', '啟用');
    const token = linkToken(mail, '/register/old-verify');
    const claimed = await createBrowser(t.app).call('PUT', '/v1/user/register/verify', {
      token,
      password: 'Mine12345',
    });
    expect(claimed.json().user).toMatchObject({ email: 'old2@example.com', nickname: '' });
  });
});
