import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, linkToken, mailAfter, mailedCode } from '../../../test/account-test-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser } from '../../../test/create-test-user.ts';
import {
  signInAtProvider,
  startOidcProvider,
  type TestOidcProvider,
} from '../../../test/oidc-test-provider.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { oidcIdentities, sessions, users } from '../../db/schema.ts';

describe.each(databaseKinds)('OpenID Connect sign-in on %s', (kind) => {
  let t: TestApp;
  let idp: TestOidcProvider;
  const verifiedOwner = 'owner@example.com';
  const unverifiedOwner = 'victim@example.com';

  beforeAll(async () => {
    idp = await startOidcProvider({
      redirectUris: ['http://localhost:3000/testidcallback'],
      accounts: {
        newbie: { email: 'newbie@example.com', email_verified: true, name: 'New Bie!' },
        owner: { email: verifiedOwner, email_verified: true },
        squatter: { email: unverifiedOwner, email_verified: false },
        nobody: { email: 'nobody@example.com', email_verified: false },
        linker: { email: 'linker-at-idp@example.com', email_verified: true },
        knownowner: { email: 'known-owner@example.com', email_verified: true },
        resetsquatter: { email: 'reset-owner@example.com', email_verified: false },
        staffer: { email: 'staff-oidc@example.com', email_verified: true },
        kelvin: { email: '\u212Aitty@example.com', email_verified: true },
      },
    });
    t = await createTestApp(kind, { RATE_LIMIT_DISABLED: 'true', OIDC_PROVIDERS: idp.envValue('testid') });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  /** A browser that starts a sign-in, goes through the provider as `login`, and posts the callback. */
  async function signIn(login: string, browser = createBrowser(t.app), opts: { cancel?: boolean } = {}) {
    const started = await browser.call('POST', '/v1/oidc/testid/authorize', { intent: 'login' });
    expect(started.statusCode).toBe(200);
    const search = await signInAtProvider(started.json().redirect_url, login, opts);
    return { browser, search, res: await browser.call('POST', '/v1/oidc/testid/callback', { search }) };
  }
  const entryOf = (token: string) =>
    t.app.inject({ method: 'GET', url: '/v1/entry', headers: { authorization: `Bearer ${token}` } });

  it('lists the configured providers for the sign-in page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/oidc/providers' });
    expect(res.json()).toEqual({ providers: [{ name: 'testid', display_name: 'Test ID' }] });
  });

  it('creates a verified account for a new person, and signs the same person in again later', async () => {
    const { res } = await signIn('newbie');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'signed_in',
      user: { email: 'newbie@example.com', nickname: 'New Bie' },
    });
    // The same session as a password sign-in: the token cookie and the entry check.
    expect(res.cookies.find((c) => c.name === 'token')?.value).toBe(body.token);
    expect((await entryOf(body.token)).json().user.id).toBe(body.user.id);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v1/user/profile',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(profile.json().thirdparty).toEqual([{ platform: 'testid', email: 'newbie@example.com' }]);

    const again = (await signIn('newbie')).res.json();
    expect(again.user.id).toBe(body.user.id);
  });

  it('links to the existing account of a verified e-mail and keyed by issuer and subject', async () => {
    const [owner] = await t.app.db
      .insert(users)
      .values({ email: verifiedOwner, nickname: 'Owner', emailVerifiedAt: new Date() })
      .returning();
    const { res } = await signIn('owner');
    expect(res.json()).toMatchObject({ status: 'signed_in', user: { id: owner!.id } });
    const [identity] = await t.app.db
      .select()
      .from(oidcIdentities)
      .where(eq(oidcIdentities.userId, owner!.id));
    expect(identity).toMatchObject({ issuer: idp.issuer, subject: 'owner', provider: 'testid' });
  });

  it('asks for the password before linking an e-mail the provider did not verify', async () => {
    const victim = await createTestUser(t.app, { nickname: 'Victim' });
    await t.app.db.update(users).set({ email: unverifiedOwner }).where(eq(users.id, victim.id));
    const { browser, res } = await signIn('squatter');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'password_required', email: unverifiedOwner });
    expect(res.cookies.some((c) => c.name === 'token')).toBe(false);
    expect(await t.app.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, victim.id))).toEqual(
      [],
    );

    const wrong = await browser.call('POST', '/v1/oidc/link/confirm', { password: 'WrongPass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'oidc_password_wrong', message: '密碼不正確' });
    // Another browser, without the pending cookie, cannot finish it.
    const stranger = await createBrowser(t.app).call('POST', '/v1/oidc/link/confirm', {
      password: victim.password,
    });
    expect(stranger.json().code).toBe('oidc_pending_invalid');

    // The right password is not enough: like a new browser, the owner's mailbox gets a code (ADR 0043).
    const since = t.smtp.inbox.length;
    const right = await browser.call('POST', '/v1/oidc/link/confirm', { password: victim.password });
    expect(right.json()).toEqual({ status: 'verify_required', email: unverifiedOwner });
    expect(right.cookies.some((c) => c.name === 'token')).toBe(false);
    expect(await t.app.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, victim.id))).toEqual(
      [],
    );
    const codeMail = await mailAfter(t, since, unverifiedOwner, '連結 Test ID 登入的驗證碼');
    expect(codeMail.text).toContain('有人輸入了您的密碼');
    const wrongCode = mailedCode(codeMail) === '000000' ? '111111' : '000000';
    const bad = await browser.call('POST', '/v1/oidc/link/verify', { code: wrongCode });
    expect(bad.json()).toEqual({ code: 'code_invalid', message: '驗證碼錯誤' });
    // The code is bound to the browser that proved the password.
    const elsewhere = await createBrowser(t.app).call('POST', '/v1/oidc/link/verify', {
      code: mailedCode(codeMail),
    });
    expect(elsewhere.json().code).toBe('oidc_pending_invalid');

    const verified = await browser.call('POST', '/v1/oidc/link/verify', { code: mailedCode(codeMail) });
    expect(verified.json()).toMatchObject({ status: 'signed_in', user: { id: victim.id } });
    const linkedMail = await mailAfter(t, since, unverifiedOwner, '您的帳號已連結 Test ID');
    expect(linkedMail.text).toContain('重設密碼');
    // The browser proved itself with the code: it is remembered like after a new-browser sign-in.
    expect(browser.cookie('device')).toBeTruthy();
    expect((await signIn('squatter', browser)).res.json().user.id).toBe(victim.id);
  });

  it('mails the owner at the first sign-in through the provider from a new browser', async () => {
    const owner = await createTestUser(t.app, { nickname: 'Known' });
    await t.app.db.update(users).set({ email: 'known-owner@example.com' }).where(eq(users.id, owner.id));
    const first = await signIn('knownowner');
    expect(first.res.json()).toMatchObject({ status: 'signed_in', user: { id: owner.id } });
    await mailAfter(t, 0, 'known-owner@example.com', '您的帳號已連結 Test ID');

    const since = t.smtp.inbox.length;
    const again = await signIn('knownowner');
    expect(again.res.json().user.id).toBe(owner.id);
    const mail = await mailAfter(
      t,
      since,
      'known-owner@example.com',
      '有人以 Test ID 從新的瀏覽器登入您的帳號',
    );
    expect(mail.text).toContain('重設密碼');
  });

  it('unlinks the sign-ins a reset or a password change replaces, and the reset mail says so', async () => {
    const owner = await createTestUser(t.app, { nickname: 'Reset' });
    const email = 'reset-owner@example.com';
    await t.app.db.update(users).set({ email }).where(eq(users.id, owner.id));
    const link = async () => {
      const { browser } = await signIn('resetsquatter');
      const since = t.smtp.inbox.length;
      await browser.call('POST', '/v1/oidc/link/confirm', { password: owner.password });
      const code = mailedCode(await mailAfter(t, since, email, '驗證碼'));
      const done = await browser.call('POST', '/v1/oidc/link/verify', { code });
      expect(done.json()).toMatchObject({ status: 'signed_in', user: { id: owner.id } });
      expect((await signIn('resetsquatter')).res.json().status).toBe('signed_in');
      return done.json().token as string;
    };

    await link();
    const since = t.smtp.inbox.length;
    await createBrowser(t.app).call('POST', '/v1/user/reset_password', { email });
    const resetMail = await mailAfter(t, since, email, '重設密碼');
    expect(resetMail.text).toContain('已連結的第三方登入與課程平台綁定也會一併解除');
    const reset = await createBrowser(t.app).call(
      'POST',
      `/v1/user/reset_password/verify?token=${linkToken(resetMail, '/password/reset')}`,
      { password: 'AfterReset1' },
    );
    expect(reset.statusCode).toBe(200);
    // The provider account is a stranger again: the new password and a new code are needed.
    expect((await signIn('resetsquatter')).res.json()).toEqual({ status: 'password_required', email });

    owner.password = 'AfterReset1';
    const token = await link();
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { old_password: 'AfterReset1', new_password: 'AfterChange1' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await signIn('resetsquatter')).res.json()).toEqual({ status: 'password_required', email });
    const notice = await mailAfter(t, since, email, '您的密碼已變更');
    expect(notice.text).toContain('已連結的第三方登入與課程平台綁定也已解除');
  });

  it('never links a staff account by the e-mail a provider vouches for', async () => {
    const staff = await createTestUser(t.app, { role: 'admin' });
    await t.app.db.update(users).set({ email: 'staff-oidc@example.com' }).where(eq(users.id, staff.id));
    const { res } = await signIn('staffer');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'oidc_staff_link_refused',
      message: '工作人員帳號不能以第三方帳號的電子郵件連結，請先以密碼登入，再到個人資料連結',
    });
    expect(res.cookies.some((c) => c.name === 'token')).toBe(false);
    expect(await t.app.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, staff.id))).toEqual(
      [],
    );
    // From their own signed-in session, staff may link it; then it signs them in.
    const authed = createBrowserWithToken(staff.token);
    const started = await authed.call('POST', '/v1/oidc/testid/authorize', { intent: 'link' });
    const search = await signInAtProvider(started.json().redirect_url, 'staffer');
    expect((await authed.call('POST', '/v1/oidc/testid/callback', { search })).json()).toEqual({
      status: 'linked',
    });
    await mailAfter(t, 0, 'staff-oidc@example.com', '您的帳號已連結 Test ID');
    expect((await signIn('staffer')).res.json()).toMatchObject({
      status: 'signed_in',
      user: { id: staff.id },
    });
  });

  it('refuses a look-alike e-mail (a Kelvin sign for K) instead of signing into the plain address', async () => {
    const kitty = await createTestUser(t.app, { nickname: 'Kitty' });
    await t.app.db.update(users).set({ email: 'kitty@example.com' }).where(eq(users.id, kitty.id));
    const { res } = await signIn('kelvin');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'oidc_email_confusable',
      message: '第三方帳號的電子郵件含有容易混淆的字元，無法用來登入，請改用其他登入方式',
    });
    expect(await t.app.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, kitty.id))).toEqual(
      [],
    );
  });

  it('refuses a new account for an e-mail the provider did not verify', async () => {
    const { res } = await signIn('nobody');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('oidc_email_unverified');
    const rows = await t.app.db.select().from(users).where(eq(users.email, 'nobody@example.com'));
    expect(rows).toEqual([]);
  });

  it('refuses a tampered state, a replayed callback and a callback from another browser', async () => {
    const browser = createBrowser(t.app);
    const started = await browser.call('POST', '/v1/oidc/testid/authorize', {});
    const search = await signInAtProvider(started.json().redirect_url, 'newbie');
    const tampered = search.replace(/state=[^&]+/, 'state=forged');
    const res = await browser.call('POST', '/v1/oidc/testid/callback', { search: tampered });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'oidc_state_invalid', message: '登入連結已失效或遭竄改，請重新登入' });
    // The flow died with the tampered attempt: the genuine answer is no longer accepted either.
    expect((await browser.call('POST', '/v1/oidc/testid/callback', { search })).json().code).toBe(
      'oidc_state_invalid',
    );

    const other = await signInFlowAnswer();
    const thief = await createBrowser(t.app).call('POST', '/v1/oidc/testid/callback', { search: other });
    expect(thief.json().code).toBe('oidc_state_invalid');
  });

  async function signInFlowAnswer() {
    const started = await createBrowser(t.app).call('POST', '/v1/oidc/testid/authorize', {});
    return signInAtProvider(started.json().redirect_url, 'newbie');
  }

  it('says so when the learner cancels at the provider', async () => {
    const { res } = await signIn('newbie', createBrowser(t.app), { cancel: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'oidc_denied', message: '你已取消授權，沒有登入' });
  });

  it('links from the profile, refuses an account linked elsewhere, unlinks, and refuses impersonated sessions', async () => {
    const me = await createTestUser(t.app);
    const authed = createBrowserWithToken(me.token);
    const started = await authed.call('POST', '/v1/oidc/testid/authorize', { intent: 'link' });
    const search = await signInAtProvider(started.json().redirect_url, 'linker');
    const linked = await authed.call('POST', '/v1/oidc/testid/callback', { search });
    expect(linked.json()).toEqual({ status: 'linked' });
    await mailAfter(t, 0, me.email, '您的帳號已連結 Test ID');
    const profile = await authed.call('GET', '/v1/user/profile');
    expect(profile.json().thirdparty).toContainEqual({
      platform: 'testid',
      email: 'linker-at-idp@example.com',
    });

    const someoneElse = createBrowserWithToken((await createTestUser(t.app)).token);
    const again = await someoneElse.call('POST', '/v1/oidc/testid/authorize', { intent: 'link' });
    const answer = await signInAtProvider(again.json().redirect_url, 'linker');
    const refused = await someoneElse.call('POST', '/v1/oidc/testid/callback', { search: answer });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('oidc_linked_elsewhere');

    // An admin viewing as this learner can neither link nor unlink.
    await t.app.db.update(sessions).set({ impersonatorId: me.id }).where(eq(sessions.userId, me.id));
    expect((await authed.call('POST', '/v1/oidc/testid/authorize', { intent: 'link' })).statusCode).toBe(403);
    expect((await authed.call('DELETE', '/v1/user/thirdparty/testid')).json().code).toBe(
      'impersonation_read_only',
    );
    await t.app.db.update(sessions).set({ impersonatorId: null }).where(eq(sessions.userId, me.id));

    expect((await authed.call('DELETE', '/v1/user/thirdparty/testid')).statusCode).toBe(204);
    await mailAfter(t, 0, me.email, '您的帳號已解除連結 Test ID');
    expect((await authed.call('GET', '/v1/user/profile')).json().thirdparty).toEqual([]);
    expect((await authed.call('DELETE', '/v1/user/thirdparty/testid')).statusCode).toBe(404);
  });

  it('will not unlink the only way into an account without a password', async () => {
    const { res } = await signIn('newbie');
    const authed = createBrowserWithToken(res.json().token);
    const refused = await authed.call('DELETE', '/v1/user/thirdparty/testid');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('oidc_last_sign_in');
  });

  it('asks for a link only when signed in, and rejects an unknown provider', async () => {
    expect(
      (await createBrowser(t.app).call('POST', '/v1/oidc/testid/authorize', { intent: 'link' })).statusCode,
    ).toBe(401);
    const unknown = await createBrowser(t.app).call('POST', '/v1/oidc/other/authorize', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('oidc_unknown_provider');
  });

  function createBrowserWithToken(token: string) {
    const browser = createBrowser(t.app);
    return {
      call: (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
        browser.call(method, url, payload, { authorization: `Bearer ${token}` }),
    };
  }
});

describe('OpenID Connect with the provider down', () => {
  let t: TestApp;
  beforeAll(async () => {
    const down = JSON.stringify([
      {
        name: 'down',
        issuer: 'http://127.0.0.1:9',
        client_id: 'x',
        client_secret: 'y',
        display_name: 'Down',
      },
    ]);
    t = await createTestApp('pglite', { RATE_LIMIT_DISABLED: 'true', OIDC_PROVIDERS: down });
  });
  afterAll(() => t.close());

  it('answers 503 with a clear message instead of sending the browser anywhere', async () => {
    const res = await createBrowser(t.app).call('POST', '/v1/oidc/down/authorize', {});
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'oidc_unavailable',
      message: '第三方登入服務暫時無法使用，請稍後再試',
    });
  });
});
