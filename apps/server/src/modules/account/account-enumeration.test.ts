import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailAfter, mailedCode, settleMail } from '../../../test/account-test-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser } from '../../../test/create-test-user.ts';
import { databaseKinds } from '../../../test/test-databases.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe.each(databaseKinds)('no account enumeration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-address limits are off here: this file measures answers, the throttle tests measure limits.
    t = await createTestApp(kind, { RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(() => t?.close());

  const register = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/user/register',
      payload: { email, password: 'Secret123', nickname: '小新' },
    });
  const enterCode = (email: string, code: string) =>
    t.app.inject({ method: 'PUT', url: '/v1/user/register/verify', payload: { email, code } });

  it('answers a registration code the same for a verified, an unknown, an expired and a wrong one', async () => {
    const verified = await createTestUser(t.app);
    let since = t.smtp.inbox.length;
    await register('expired@example.com');
    const expiredCode = mailedCode(await mailAfter(t, since, 'expired@example.com', '驗證'));
    await t.app.db.execute(
      sql`update verification_tokens set expires_at = now() - interval '1 minute'
          where user_id = (select id from users where email = 'expired@example.com')`,
    );
    since = t.smtp.inbox.length;
    await register('pending@example.com');
    const code = mailedCode(await mailAfter(t, since, 'pending@example.com', '驗證'));
    const wrong = code === '000000' ? '111111' : '000000';

    const answers = [
      await enterCode(verified.email, '123456'),
      await enterCode('nobody@example.com', '123456'),
      await enterCode('expired@example.com', expiredCode),
      await enterCode('pending@example.com', wrong),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(answers[0]!.json());
    }
    expect(answers[0]!.json()).toEqual({
      code: 'code_invalid',
      message: expect.stringContaining('驗證碼錯誤'),
    });
    // And wrong codes never used the owner's code up.
    expect((await enterCode('pending@example.com', code)).statusCode).toBe(200);
  });

  it('takes the same time to answer reset and resend requests for known and unknown addresses', async () => {
    const known = await createTestUser(t.app);
    // Unverified, so a resend does the full work: a new token and a mail.
    {
      const since = t.smtp.inbox.length;
      await register('unverified@example.com');
      await mailAfter(t, since, 'unverified@example.com', '驗證');
    }
    const cases = [
      { url: '/v1/user/reset_password', known: known.email, subject: '重設密碼' },
      { url: '/v1/user/register/verify', known: 'unverified@example.com', subject: '驗證' },
    ];
    const timeOf = async (url: string, email: string) => {
      const start = performance.now();
      const res = await t.app.inject({ method: 'POST', url, payload: { email } });
      const ms = performance.now() - start;
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ email });
      return ms;
    };
    for (const { url, known: knownEmail, subject } of cases) {
      for (let i = 0; i < 5; i++) await timeOf(url, `warmup${i}@example.com`);
      const knownMs: number[] = [];
      const unknownMs: number[] = [];
      for (let i = 0; i < 25; i++) {
        const since = t.smtp.inbox.length;
        knownMs.push(await timeOf(url, knownEmail));
        // The work still happens, after the answer: its mail arrives. Waiting for it (and for the app's
        // background work, the SMTP exchange included, to settle) keeps that work out of the next measurement:
        // both are taken on a quiet loop.
        await mailAfter(t, since, knownEmail, subject);
        await settleMail(t.app);
        unknownMs.push(await timeOf(url, `nobody${i}@example.com`));
        await settleMail(t.app);
      }
      // The median of paired differences: a load spike on this shared machine hits one pair, not the result.
      const diff = median(knownMs.map((k, i) => k - unknownMs[i]!));
      const detail = `${url}: known ${median(knownMs).toFixed(2)} ms, unknown ${median(unknownMs).toFixed(2)} ms`;
      // Before ADR 0013 a known address did a lookup, a token transaction and queued a mail first: 19 ms against 6.
      expect(Math.abs(diff), detail).toBeLessThan(Math.max(1, 0.25 * median(unknownMs)));
    }
  }, 60_000);
});
