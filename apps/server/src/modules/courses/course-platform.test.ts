import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, linkToken, mailAfter } from '../../../test/account-test-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { authorizeAtTeachable, startTeachableServer } from '../../../test/teachable-test-server.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { sessions } from '../../db/schema.ts';

const alice = {
  id: 501,
  email: 'alice@school.example',
  name: 'Alice',
  courses: [
    { id: 11, name: '影片剪輯入門', image_url: 'https://img.example/11.png', percent_complete: 40 },
    { id: 12, name: '攝影基礎', image_url: null, percent_complete: 100 },
  ],
};
const bob = { id: 502, email: 'bob@school.example', name: 'Bob', courses: [] };
const carol = { id: 503, email: 'carol@school.example', name: 'Carol', courses: [] };

describe.each(databaseKinds)('Teachable course platform on %s', (kind) => {
  let t: TestApp;
  let teachable: Awaited<ReturnType<typeof startTeachableServer>>;
  let learner: TestUser;

  beforeAll(async () => {
    teachable = await startTeachableServer({ users: [alice, bob, carol] });
    t = await createTestApp(kind, { RATE_LIMIT_DISABLED: 'true', ...teachable.env });
    learner = await createTestUser(t.app, { nickname: 'Learner' });
  });
  afterAll(async () => {
    await t.close();
    await teachable.close();
  });

  const as = (user?: TestUser) => {
    const browser = createBrowser(t.app);
    const headers: Record<string, string> = user ? { authorization: `Bearer ${user.token}` } : {};
    return { ...browser, get: (url: string) => browser.call('GET', url, undefined, headers) };
  };
  /** Starts at /v1/user/login/teachable, authorizes as `email`, and follows the callback. */
  async function throughTeachable(
    browser: ReturnType<typeof as>,
    email: string,
    decision: 'allow' | 'deny' = 'allow',
  ) {
    const started = await browser.get('/v1/user/login/teachable?redirectType=user&route=/user/courses');
    expect(started.statusCode).toBe(200);
    const back = await authorizeAtTeachable(started.json().redirect_url, email, decision);
    return browser.get(`${back.pathname}${back.search}`);
  }

  it("answers the school's SSO authorize address with the app's client id, scopes and a state", async () => {
    const res = await as(learner).get('/v1/user/login/teachable?redirectType=user&route=/user/courses');
    const url = new URL(res.json().redirect_url);
    expect(url.href.startsWith(`${teachable.base}/secure/123/identity/oauth_provider/authorize?`)).toBe(true);
    expect(url.searchParams.get('client_id')).toBe('teachable-client');
    expect(url.searchParams.get('scope')).toBe('name:read email:read courses:read');
    expect(url.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/v1/course-platform/teachable/callback',
    );
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(res.cookies.find((c) => c.name === 'course_platform_flow')?.httpOnly).toBe(true);
  });

  it('refuses a return route outside the portal', async () => {
    const res = await as(learner).get('/v1/user/login/teachable?redirectType=user&route=//evil.example/x');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBeTypeOf('string');
  });

  it('binds the account, lists its courses with title, image, progress and link, and caches them', async () => {
    alice.courses[0]!.percent_complete = 40; // each database kind starts from the same platform state
    const before = (await as(learner).get('/v1/user/courses')).json();
    expect(before.platform).toMatchObject({ name: 'teachable', bound: false });

    const browser = as(learner);
    const done = await throughTeachable(browser, alice.email);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/login/course-platform?status=bound');

    const profile = (await browser.get('/v1/user/profile')).json();
    expect(profile.thirdparty).toContainEqual({ platform: 'teachable', email: alice.email });

    const coursesCalls = teachable.calls.courses;
    const list = (await browser.get('/v1/user/courses')).json();
    expect(list.platform.bound).toBe(true);
    expect(list.courses).toEqual([
      {
        id: '11',
        name: '影片剪輯入門',
        image: 'https://img.example/11.png',
        progress: 40,
        url: `${teachable.base}/school/courses/enrolled/11`,
      },
      {
        id: '12',
        name: '攝影基礎',
        image: null,
        progress: 100,
        url: `${teachable.base}/school/courses/enrolled/12`,
      },
    ]);
    // Fresh from the bind: served from the cache, the platform is not asked again.
    await browser.get('/v1/user/courses');
    expect(teachable.calls.courses).toBe(coursesCalls);
    // On demand it is.
    alice.courses[0]!.percent_complete = 55;
    const refreshed = (await browser.get('/v1/user/courses?refresh=1')).json();
    expect(refreshed.courses[0].progress).toBe(55);
    expect(teachable.calls.courses).toBe(coursesCalls + 1);
  });

  it('refreshes an expired access token and keeps the last list while the platform is down', async () => {
    teachable.expireAccessTokens();
    const refreshes = teachable.calls.refresh;
    const list = (await as(learner).get('/v1/user/courses?refresh=1')).json();
    expect(list.courses).toHaveLength(2);
    expect(teachable.calls.refresh).toBe(refreshes + 1);

    teachable.setDown(true);
    try {
      const cached = await as(learner).get('/v1/user/courses?refresh=1');
      expect(cached.statusCode).toBe(200);
      expect(cached.json().courses).toHaveLength(2);
    } finally {
      teachable.setDown(false);
    }
  });

  it('signs in through the platform the learner it was bound to', async () => {
    const res = await throughTeachable(as(), alice.email);
    expect(res.headers.location).toBe('/login/course-platform?status=signed_in');
    const token = res.cookies.find((c) => c.name === 'token')!.value;
    const entry = await t.app.inject({
      method: 'GET',
      url: '/v1/entry',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(entry.json().user.id).toBe(learner.id);
  });

  it('refuses a sign-in of an unbound platform account, a denial, a tampered state and a second binder', async () => {
    expect((await throughTeachable(as(), bob.email)).headers.location).toBe(
      '/login/course-platform?error=not_bound',
    );
    expect((await throughTeachable(as(), alice.email, 'deny')).headers.location).toBe(
      '/login/course-platform?error=denied',
    );

    const browser = as();
    const started = await browser.get('/v1/user/login/teachable');
    const back = await authorizeAtTeachable(started.json().redirect_url, alice.email);
    back.searchParams.set('state', 'forged');
    const tampered = await browser.get(`${back.pathname}${back.search}`);
    expect(tampered.headers.location).toBe('/login/course-platform?error=state_invalid');
    expect(tampered.cookies.some((c) => c.name === 'token')).toBe(false);

    const other = await createTestUser(t.app);
    expect((await throughTeachable(as(other), alice.email)).headers.location).toBe(
      '/login/course-platform?error=bound_elsewhere',
    );
  });

  it('mails the owner at binding and at a sign-in from a new browser, and a password reset unbinds', async () => {
    const owner = await createTestUser(t.app, { nickname: 'Carol' });
    expect((await throughTeachable(as(owner), carol.email)).headers.location).toBe(
      '/login/course-platform?status=bound',
    );
    await mailAfter(t, 0, owner.email, '您的帳號已連結 Teachable');

    const browser = as();
    const since = t.smtp.inbox.length;
    const signedIn = await throughTeachable(browser, carol.email);
    expect(signedIn.headers.location).toBe('/login/course-platform?status=signed_in');
    await mailAfter(t, since, owner.email, '有人以 Teachable 從新的瀏覽器登入您的帳號');
    expect(browser.cookie('device')).toBeTruthy();

    const resetSince = t.smtp.inbox.length;
    await createBrowser(t.app).call('POST', '/v1/user/reset_password', { email: owner.email });
    const resetMail = await mailAfter(t, resetSince, owner.email, '重設密碼');
    expect(resetMail.text).toContain('課程平台綁定也會一併解除');
    const reset = await createBrowser(t.app).call(
      'POST',
      `/v1/user/reset_password/verify?token=${linkToken(resetMail, '/password/reset')}`,
      { password: 'AfterReset1' },
    );
    expect(reset.statusCode).toBe(200);
    // Whoever bound it before the reset can no longer sign in with it; the profile no longer lists it.
    expect((await throughTeachable(as(), carol.email)).headers.location).toBe(
      '/login/course-platform?error=not_bound',
    );
    const fresh = await createTestUser(t.app);
    await t.app.db.update(sessions).set({ userId: owner.id }).where(eq(sessions.userId, fresh.id));
    const profile = await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: fresh.auth });
    expect(profile.json().thirdparty).toEqual([]);
  });

  it("unbinds at the learner's request: the profile and the courses page no longer list it (issue 23)", async () => {
    const owner = await createTestUser(t.app, { nickname: 'Bob' });
    const browser = as(owner);
    expect((await throughTeachable(browser, bob.email)).headers.location).toBe(
      '/login/course-platform?status=bound',
    );
    const auth = { authorization: `Bearer ${owner.token}` };
    const gone = await browser.call('DELETE', '/v1/user/course-platform/teachable', undefined, auth);
    expect(gone.statusCode).toBe(204);
    expect((await browser.get('/v1/user/profile')).json().thirdparty).toEqual([]);
    expect((await browser.get('/v1/user/courses')).json().platform.bound).toBe(false);
    // The Teachable account no longer signs anyone in here; a second unbind says there is nothing bound.
    expect((await throughTeachable(as(), bob.email)).headers.location).toBe(
      '/login/course-platform?error=not_bound',
    );
    const again = await browser.call('DELETE', '/v1/user/course-platform/teachable', undefined, auth);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('course_platform_not_bound');
  });

  it('refuses to bind from an impersonated session', async () => {
    const viewed = await createTestUser(t.app);
    await t.app.db.update(sessions).set({ impersonatorId: learner.id }).where(eq(sessions.userId, viewed.id));
    const res = await as(viewed).get('/v1/user/login/teachable');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('impersonation_read_only');
  });
});

describe('without a course platform configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(() => t.close());

  it('offers none, lists no courses and says nothing about a platform', async () => {
    const user = await createTestUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/v1/course-platforms' })).json()).toEqual({
      platforms: [],
    });
    const list = await t.app.inject({ method: 'GET', url: '/v1/user/courses', headers: user.auth });
    expect(list.json()).toEqual({ courses: [], total: 0, platform: null, fetched_at: null });
    const login = await t.app.inject({ method: 'GET', url: '/v1/user/login/teachable', headers: user.auth });
    expect(login.statusCode).toBe(404);
  });
});
