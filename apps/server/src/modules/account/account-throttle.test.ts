import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBrowser, mailAfter, mailedCode } from '../../../test/account-test-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser } from '../../../test/create-test-user.ts';
import { redisAnswers, redisTestUrl } from '../../../test/redis-available.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { backOffMs, THROTTLE_RULES } from './account-throttle.ts';

/** A fresh client address per call: the per-IP route limits must not be what answers. */
let nextIp = 0;
const freshIp = () => {
  nextIp += 1;
  return `198.51.${Math.floor(nextIp / 250)}.${(nextIp % 250) + 1}`;
};

function expectThrottled(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    code: 'rate_limited',
    message: expect.stringMatching(/^嘗試次數過多，請於 \d+ 秒後再試$/),
  });
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(res.json().message).toContain(`請於 ${seconds} 秒後再試`);
  return seconds;
}

describe.each(databaseKinds)('per-account throttling on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const login = (email: string, password: string, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/v1/user/login', remoteAddress: ip, payload: { email, password } });

  it('slows a guesser rotating addresses with growing delays, the same for unknown addresses, then lets the owner in', async () => {
    const owner = await createTestUser(t.app, { password: 'Owner1234' });
    const ghost = `ghost-${randomBytes(4).toString('hex')}@example.com`;
    for (const email of [owner.email, ghost]) {
      const statuses: number[] = [];
      for (let i = 0; i < THROTTLE_RULES.account.free; i++)
        statuses.push((await login(email, 'Guess1234')).statusCode);
      expect(statuses).toEqual(Array(THROTTLE_RULES.account.free).fill(400));
      expect(expectThrottled(await login(email, 'Guess1234'))).toBe(1);
      // The right password is refused too while the delay lasts: otherwise the 429 would confirm a guess.
      if (email === owner.email) expectThrottled(await login(owner.email.toUpperCase(), 'Owner1234'));
    }

    // The delays are the behaviour under test: the clock the counters read (this process's store) is moved
    // past them instead of sleeping through them.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1100);
    expect((await login(owner.email, 'Guess1234')).statusCode).toBe(400);
    // One more wrong guess doubled the delay.
    expect(expectThrottled(await login(owner.email, 'Guess1234'))).toBe(2);
    vi.setSystemTime(Date.now() + 1900);
    expectThrottled(await login(owner.email, 'Owner1234'));
    vi.setSystemTime(Date.now() + 200);
    const res = await login(owner.email, 'Owner1234');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'verify_required', email: owner.email });
  }, 30_000);

  it('slows one address after 5 wrong passwords while the owner elsewhere signs in at once', async () => {
    const owner = await createTestUser(t.app, { password: 'Owner1234' });
    const guesser = freshIp();
    for (let i = 0; i < THROTTLE_RULES.pair.free; i++) {
      expect((await login(owner.email, `Guess${i}234`, guesser)).statusCode).toBe(400);
    }
    expectThrottled(await login(owner.email, 'Guess9234', guesser));
    expect((await login(owner.email, 'Owner1234')).json().status).toBe('verify_required');
  });

  it("lets the owner's trusted browser sign in while strangers keep the account delayed", async () => {
    const owner = await createTestUser(t.app, { password: 'Owner1234' });
    const trusted = createBrowser(t.app, freshIp());
    const since = t.smtp.inbox.length;
    await trusted.call('POST', '/v1/user/login', { email: owner.email, password: 'Owner1234' });
    const code = mailedCode(await mailAfter(t, since, owner.email, '登入驗證碼'));
    expect((await trusted.call('PUT', '/v1/user/login/verify', { code })).statusCode).toBe(200);

    for (let i = 0; i < THROTTLE_RULES.account.free; i++) await login(owner.email, 'Guess1234');
    expectThrottled(await login(owner.email, 'Owner1234'));
    const res = await trusted.call('POST', '/v1/user/login', { email: owner.email, password: 'Owner1234' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('signed_in');
  });

  it("cannot void someone's pending registration with wrong codes: the guesser waits, the owner's code still works", async () => {
    const email = `pending-${randomBytes(4).toString('hex')}@example.com`;
    const since = t.smtp.inbox.length;
    await t.app.inject({
      method: 'POST',
      url: '/v1/user/register',
      remoteAddress: freshIp(),
      payload: { email, password: 'Secret123', nickname: '小新' },
    });
    const code = mailedCode(await mailAfter(t, since, email, '驗證'));
    const wrong = code === '000000' ? '111111' : '000000';
    const stranger = freshIp();
    const enter = (c: string, ip: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/user/register/verify',
        remoteAddress: ip,
        payload: { email, code: c },
      });
    const codes: string[] = [];
    for (let i = 0; i < THROTTLE_RULES.pair.free + 1; i++)
      codes.push((await enter(wrong, stranger)).json().code);
    expect(codes).toEqual([...Array(THROTTLE_RULES.pair.free).fill('code_invalid'), 'rate_limited']);
    const owner = await enter(code, freshIp());
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ status: 'signed_in', user: { email } });
  });

  it('slows wrong login codes per account across fresh tickets, and a stranger without the ticket voids nothing', async () => {
    const owner = await createTestUser(t.app, { password: 'Owner1234' });
    const newTicket = async () => {
      const b = createBrowser(t.app, freshIp());
      const since = t.smtp.inbox.length;
      await b.call('POST', '/v1/user/login', { email: owner.email, password: 'Owner1234' });
      return { b, code: mailedCode(await mailAfter(t, since, owner.email, '登入驗證碼')) };
    };
    const first = await newTicket();
    // A stranger has no ticket cookie: nothing of the owner's is touched.
    for (let i = 0; i < 6; i++) {
      const res = await createBrowser(t.app, freshIp()).call('PUT', '/v1/user/login/verify', {
        code: '000000',
      });
      expect(res.json().code).toBe('ticket_missing');
    }
    expect((await first.b.call('PUT', '/v1/user/login/verify', { code: first.code })).statusCode).toBe(200);

    // Someone with the password: each ticket survives 4 wrong codes, and the account counts them all.
    const answers: string[] = [];
    for (let round = 0; round < 2; round++) {
      const { b, code } = await newTicket();
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++)
        answers.push((await b.call('PUT', '/v1/user/login/verify', { code: wrong })).json().code);
    }
    expect(answers.filter((c) => c === 'code_invalid')).toHaveLength(8);
    const third = await newTicket();
    expectThrottled(await third.b.call('PUT', '/v1/user/login/verify', { code: third.code }));
  }, 30_000);

  it('spaces out reset and verification mails per address, known or not', async () => {
    const known = await createTestUser(t.app);
    const unknown = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    for (const url of ['/v1/user/reset_password', '/v1/user/register/verify']) {
      for (const email of [known.email, unknown]) {
        const ask = () => t.app.inject({ method: 'POST', url, remoteAddress: freshIp(), payload: { email } });
        const statuses: number[] = [];
        for (let i = 0; i < THROTTLE_RULES.mail.free; i++) statuses.push((await ask()).statusCode);
        expect(statuses).toEqual(Array(THROTTLE_RULES.mail.free).fill(202));
        const seconds = expectThrottled(await ask());
        expect(seconds).toBeGreaterThan(25);
        expect(seconds).toBeLessThanOrEqual(30);
      }
    }
  });

  it('caps every delay at 5 minutes, so no number of guesses locks an account for longer', () => {
    for (const rule of Object.values(THROTTLE_RULES)) {
      expect(backOffMs(rule.free - 1, rule)).toBe(0);
      expect(backOffMs(rule.free, rule)).toBe(rule.baseMs);
      expect(backOffMs(rule.free + 1, rule)).toBe(rule.baseMs * 2);
      expect(backOffMs(10_000, rule)).toBe(5 * 60_000);
    }
  });
});

const redis = await redisAnswers();
if (!redis && process.env.CI) throw new Error(`Redis is required in CI (${redisTestUrl})`);

describe.skipIf(!redis)('per-account throttling through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp('pglite', { REDIS_URL: redisTestUrl });
    b = await createTestApp('pglite', { REDIS_URL: redisTestUrl });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts one account across server processes', async () => {
    // A fresh address per run: counters live in Redis for 15 minutes.
    const email = `shared-${randomBytes(6).toString('hex')}@example.com`;
    const attempt = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/user/login',
        remoteAddress: freshIp(),
        payload: { email, password: 'Guess1234' },
      });
    for (let i = 0; i < THROTTLE_RULES.account.free; i++) {
      expect((await attempt(i % 2 ? a : b)).statusCode).toBe(400);
    }
    expectThrottled(await attempt(a));
  });
});
