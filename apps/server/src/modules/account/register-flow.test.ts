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
import { type EmailVerifiedEvent, onEmailVerified } from './email-verified.ts';

describe.each(databaseKinds)('registration on %s', (kind) => {
  let t: TestApp;
  const verified: EmailVerifiedEvent[] = [];
  let unsubscribe: () => void;
  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_DISABLED: 'true' });
    unsubscribe = onEmailVerified((e) => void verified.push(e));
  });
  afterAll(async () => {
    unsubscribe();
    await t.close();
  });

  const register = (b: ReturnType<typeof createBrowser>, email: string, password = 'Secret123') =>
    b.call('POST', '/v1/user/register', { email, password, nickname: '小明' });

  it('registers, verifies through the mailed link, opens the app and signs out', async () => {
    const b = createBrowser(t.app);
    const since = t.smtp.inbox.length;
    const res = await register(b, 'Ming@Example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email: 'ming@example.com' });

    const mail = await mailAfter(t, since, 'ming@example.com', '驗證');
    expect(mail.subject).toBe('【Atrium】請驗證您的電子郵件');
    expect(mail.text).toContain('http://localhost:3000/register/verify?token=');
    expect(mail.html).toContain('/register/verify?token=');
    expect(mailedCode(mail)).toMatch(/^\d{6}$/);

    const verify = await b.call('PUT', '/v1/user/register/verify', {
      token: linkToken(mail, '/register/verify'),
    });
    expect(verify.statusCode).toBe(200);
    const body = verify.json();
    expect(body).toEqual({
      status: 'signed_in',
      token: expect.any(String),
      user: {
        id: expect.any(String),
        email: 'ming@example.com',
        nickname: '小明',
        avatar: null,
        role: 'learner',
      },
    });
    expect(b.cookie('token')).toBe(body.token);
    expect(verified.filter((e) => e.email === 'ming@example.com')).toMatchObject([{ via: 'register' }]);

    const entry = await b.call('GET', '/v1/entry');
    expect(entry.statusCode).toBe(200);
    expect(entry.json().user.email).toBe('ming@example.com');

    const logout = await b.call('POST', '/v1/user/logout');
    expect(logout.statusCode).toBe(204);
    expect(b.cookie('token')).toBeUndefined();
    // The revoked token is dead as a Bearer too, not only gone from the browser.
    const after = await t.app.inject({
      method: 'GET',
      url: '/v1/entry',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'unauthorized', message: expect.any(String) });
  });

  it('verifies with the e-mail and the mailed code instead of the link', async () => {
    const b = createBrowser(t.app);
    const since = t.smtp.inbox.length;
    await register(b, 'code@example.com');
    const code = mailedCode(await mailAfter(t, since, 'code@example.com', '驗證'));
    const res = await b.call('PUT', '/v1/user/register/verify', { email: 'code@example.com', code });
    expect(res.statusCode).toBe(200);
    const entry = await t.app.inject({
      method: 'GET',
      url: '/v1/entry',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(entry.json().user.email).toBe('code@example.com');
  });

  it('keeps a registration code alive through wrong tries (they are throttled instead, ADR 0013)', async () => {
    const b = createBrowser(t.app);
    const since = t.smtp.inbox.length;
    await register(b, 'guess@example.com');
    const code = mailedCode(await mailAfter(t, since, 'guess@example.com', '驗證'));
    const wrong = code === '000000' ? '111111' : '000000';
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await b.call('PUT', '/v1/user/register/verify', {
        email: 'guess@example.com',
        code: wrong,
      });
      codes.push(res.json().code);
    }
    expect(codes).toEqual(Array(5).fill('code_invalid'));
    const right = await b.call('PUT', '/v1/user/register/verify', { email: 'guess@example.com', code });
    expect(right.statusCode).toBe(200);
  });

  it('answers a taken address exactly like a new one and warns its owner instead', async () => {
    const b = createBrowser(t.app);
    let since = t.smtp.inbox.length;
    await register(b, 'taken@example.com', 'Original1');
    const token = linkToken(await mailAfter(t, since, 'taken@example.com', '驗證'), '/register/verify');
    await b.call('PUT', '/v1/user/register/verify', { token });

    since = t.smtp.inbox.length;
    const again = await register(createBrowser(t.app), 'taken@example.com', 'Hijack123');
    const fresh = await register(createBrowser(t.app), 'fresh@example.com', 'Hijack123');
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json())).toEqual(Object.keys(fresh.json()));
    const warning = await mailAfter(t, since, 'taken@example.com', '嘗試');
    expect(warning.text).toContain('http://localhost:3000/password/reset');

    // The owner's password is untouched.
    const hijack = await createBrowser(t.app).call('POST', '/v1/user/login', {
      email: 'taken@example.com',
      password: 'Hijack123',
    });
    expect(hijack.json().code).toBe('invalid_credentials');
  });

  it('refuses a used link and an expired link', async () => {
    const b = createBrowser(t.app);
    let since = t.smtp.inbox.length;
    await register(b, 'links@example.com');
    const token = linkToken(await mailAfter(t, since, 'links@example.com', '驗證'), '/register/verify');
    expect((await b.call('PUT', '/v1/user/register/verify', { token })).statusCode).toBe(200);
    const reused = await b.call('PUT', '/v1/user/register/verify', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('link_invalid');

    since = t.smtp.inbox.length;
    await register(b, 'late@example.com');
    const late = linkToken(await mailAfter(t, since, 'late@example.com', '驗證'), '/register/verify');
    await t.app.db.execute(
      sql`update verification_tokens set expires_at = now() - interval '1 minute'
          where user_id = (select id from users where email = 'late@example.com')`,
    );
    const expired = await b.call('PUT', '/v1/user/register/verify', { token: late });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('link_expired');
  });

  it('resends a new link that replaces the old one, and answers unknown addresses the same', async () => {
    const b = createBrowser(t.app);
    let since = t.smtp.inbox.length;
    await register(b, 'resend@example.com');
    const first = linkToken(await mailAfter(t, since, 'resend@example.com', '驗證'), '/register/verify');

    since = t.smtp.inbox.length;
    const known = await b.call('POST', '/v1/user/register/verify', { email: 'resend@example.com' });
    const unknown = await b.call('POST', '/v1/user/register/verify', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ email: 'nobody@example.com' });
    const second = linkToken(await mailAfter(t, since, 'resend@example.com', '驗證'), '/register/verify');
    await settleMail(t.app);
    expect(t.smtp.inbox.some((m) => m.to === 'nobody@example.com')).toBe(false);

    expect((await b.call('PUT', '/v1/user/register/verify', { token: first })).json().code).toBe(
      'link_invalid',
    );
    expect((await b.call('PUT', '/v1/user/register/verify', { token: second })).statusCode).toBe(200);
  });

  it('says email_unverified only after a correct password, and mails the link again', async () => {
    const b = createBrowser(t.app);
    let since = t.smtp.inbox.length;
    await register(b, 'later@example.com');
    await mailAfter(t, since, 'later@example.com', '驗證');

    const wrong = await b.call('POST', '/v1/user/login', {
      email: 'later@example.com',
      password: 'Wrong1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_credentials');

    since = t.smtp.inbox.length;
    const right = await b.call('POST', '/v1/user/login', {
      email: 'later@example.com',
      password: 'Secret123',
    });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ code: 'email_unverified', message: expect.any(String) });
    const token = linkToken(await mailAfter(t, since, 'later@example.com', '驗證'), '/register/verify');
    expect((await b.call('PUT', '/v1/user/register/verify', { token })).statusCode).toBe(200);
  });
});
