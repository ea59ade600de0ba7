import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app.ts';
import { ConfigError, loadConfig } from '../config.ts';

// A new address each time, so the per-account throttle (ADR 0013) stays out of it: this is about the per-IP one.
const guess = (xff: string, i: number) => ({
  method: 'POST' as const,
  url: '/v1/user/login',
  headers: { 'x-forwarded-for': xff },
  payload: { email: `nobody-${i}@example.com`, password: 'Wrong1234' },
});

describe('TRUST_PROXY names the proxies it trusts', () => {
  it('refuses `true`, which would believe any client-sent X-Forwarded-For', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'proxy.example' })).toThrow(/not an address/);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(false);
  });

  // The proxy appends the address it saw; whatever the client put before it must not count.
  it.each([
    ['a hop count', '1'],
    ['an address list', '127.0.0.1'],
  ])('with %s, spoofed X-Forwarded-For entries still hit the per-address sign-in limit', async (_, trust) => {
    const t = await createTestApp('pglite', { TRUST_PROXY: trust });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await t.app.inject(guess(`198.51.100.${i}, 203.0.113.7`, i));
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await t.close();
    }
  });
});
