import { messages, profileMessages } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { createSession } from '../account/index.ts';
import { linkThirdpartyAccount } from './link-thirdparty-account.ts';

describe.each(databaseKinds)('profile on %s', (kind) => {
  let t: TestApp;
  let me: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    // Many password tries come from one address here; the limit itself is tested below.
    t = await createTestApp(kind, { RATE_LIMIT_DISABLED: 'true' });
    me = await createTestUser(t.app, { nickname: 'Alice' });
    other = await createTestUser(t.app, { nickname: 'Bob' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, user = me) =>
    t.app.inject({ method, url, payload, headers: user.auth });

  it('answers the profile with null names read as empty strings', async () => {
    const res = await call('GET', '/v1/user/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      nickname: 'Alice',
      first_name: '',
      last_name: '',
      description: '',
      avatar: null,
      thirdparty: [],
    });
  });

  it('lists linked external accounts as thirdparty', async () => {
    const linked = await createTestUser(t.app);
    await linkThirdpartyAccount(t.app.db, linked.id, { platform: 'teachable', email: 'old@y.z' });
    await linkThirdpartyAccount(t.app.db, linked.id, {
      platform: 'teachable',
      email: 'x@y.z',
      externalId: '42',
    });
    const res = await call('GET', '/v1/user/profile', undefined, linked);
    expect(res.json().thirdparty).toEqual([{ platform: 'teachable', email: 'x@y.z' }]);
    // Nobody else sees it.
    expect((await call('GET', '/v1/user/profile')).json().thirdparty).toEqual([]);
  });

  it('refuses every profile call without a session', async () => {
    for (const [method, url] of [
      ['GET', '/v1/user/profile'],
      ['GET', '/v1/user/courses'],
      ['PUT', '/v1/user/profile/nickname'],
      ['POST', '/v1/user/profile/name'],
      ['PUT', '/v1/user/profile/description'],
      ['PUT', '/v1/user/profile/avatar'],
      ['PUT', '/v1/user/password'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });

  it('changes the nickname and refuses one that breaks the rule', async () => {
    const ok = await call('PUT', '/v1/user/profile/nickname', { nickname: '小明 Ming_-' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().nickname).toBe('小明 Ming_-');
    for (const nickname of ['bad!', 'a'.repeat(21), '   ', 'ming123']) {
      const res = await call('PUT', '/v1/user/profile/nickname', { nickname });
      expect(res.statusCode, nickname).toBe(400);
      expect(res.json().code).toBe('validation');
    }
    const bad = await call('PUT', '/v1/user/profile/nickname', { nickname: 'bad!' });
    expect(bad.json().message).toContain(messages.nickname);
    expect((await call('GET', '/v1/user/profile')).json().nickname).toBe('小明 Ming_-');
    // Someone else's profile is untouched.
    expect((await call('GET', '/v1/user/profile', undefined, other)).json().nickname).toBe('Bob');
  });

  it('changes first and last name, allows clearing them, refuses over-long ones', async () => {
    const ok = await call('POST', '/v1/user/profile/name', { first_name: ' 大同 ', last_name: '王' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ first_name: '大同', last_name: '王' });
    const cleared = await call('POST', '/v1/user/profile/name', { first_name: '', last_name: '' });
    expect(cleared.json()).toMatchObject({ first_name: '', last_name: '' });
    const long = await call('POST', '/v1/user/profile/name', { first_name: 'x'.repeat(51), last_name: '' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(profileMessages.name);
    const missing = await call('POST', '/v1/user/profile/name', { first_name: 'A' });
    expect(missing.statusCode).toBe(400);
  });

  it('changes the description up to 500 characters', async () => {
    const ok = await call('PUT', '/v1/user/profile/description', { description: '我喜歡學習\n第二行' });
    expect(ok.json().description).toBe('我喜歡學習\n第二行');
    const long = await call('PUT', '/v1/user/profile/description', { description: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(profileMessages.description);
    const wrongType = await call('PUT', '/v1/user/profile/description', { description: 5 });
    expect(wrongType.statusCode).toBe(400);
  });

  it('answers the registered courses truthfully empty without a course platform', async () => {
    const res = await call('GET', '/v1/user/courses');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ courses: [], total: 0, platform: null, fetched_at: null });
  });

  it('refuses an avatar address the server did not issue to this user', async () => {
    const issued = await call('GET', '/v1/user/upload/avatar/png', undefined, other);
    const theirs = await call('PUT', '/v1/user/profile/avatar', { avatar: issued.json().image_url });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().code).toBe('avatar_not_issued');
    const foreign = await call('PUT', '/v1/user/profile/avatar', { avatar: 'https://evil.example/x.png' });
    expect(foreign.statusCode).toBe(400);
    expect((await call('GET', '/v1/user/profile')).json().avatar).toBeNull();
  });

  describe('password change', () => {
    it('refuses a wrong old password and a new one that breaks the rule', async () => {
      const u = await createTestUser(t.app);
      const wrong = await call(
        'PUT',
        '/v1/user/password',
        { old_password: 'Nope1234', new_password: 'NewPass99' },
        u,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ code: 'old_password_wrong', message: profileMessages.oldPasswordWrong });
      for (const new_password of ['short1A', 'alllower99', 'ALLUPPER99', 'NoDigitsHere', 'Aa1'.repeat(6)]) {
        const res = await call('PUT', '/v1/user/password', { old_password: u.password, new_password }, u);
        expect(res.statusCode, new_password).toBe(400);
        expect(res.json().message).toContain(messages.password);
      }
      const same = await call(
        'PUT',
        '/v1/user/password',
        { old_password: u.password, new_password: u.password },
        u,
      );
      expect(same.json().code).toBe('same_password');
    });

    it('changes the password, keeps this session and signs out the others', async () => {
      const u = await createTestUser(t.app);
      const elsewhere = await createSession(t.app.db, { userId: u.id, ttlDays: 1 });
      const res = await call(
        'PUT',
        '/v1/user/password',
        { old_password: u.password, new_password: 'Brand9New' },
        u,
      );
      expect(res.statusCode).toBe(204);
      expect((await call('GET', '/v1/user/profile', undefined, u)).statusCode).toBe(200);
      const gone = await t.app.inject({
        method: 'GET',
        url: '/v1/user/profile',
        headers: { authorization: `Bearer ${elsewhere.token}` },
      });
      expect(gone.statusCode).toBe(401);
      // The old password no longer works, the new one does.
      const again = await call(
        'PUT',
        '/v1/user/password',
        { old_password: u.password, new_password: 'Other9Pass' },
        u,
      );
      expect(again.json().code).toBe('old_password_wrong');
      const back = await call(
        'PUT',
        '/v1/user/password',
        { old_password: 'Brand9New', new_password: 'Other9Pass' },
        u,
      );
      expect(back.statusCode).toBe(204);
    });
  });
});

describe('password change rate limit', () => {
  it('stops guessing the old password after 10 tries in 15 minutes', async () => {
    const t = await createTestApp('pglite');
    try {
      const u = await createTestUser(t.app);
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/v1/user/password',
          headers: u.auth,
          payload: { old_password: `Guess${i}abc`, new_password: 'Brand9New' },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
      expect(codes[10]).toBe(429);
    } finally {
      await t.close();
    }
  });
});
