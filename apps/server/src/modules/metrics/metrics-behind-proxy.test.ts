import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';

// Issue 35: behind a proxy on the same host with TRUST_PROXY unset, every visitor looks local to /metrics.
describe('/metrics behind a same-host proxy without TRUST_PROXY', () => {
  let t: TestApp;
  const lines: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      'pglite',
      { LOG_LEVEL: 'warn' },
      { logStream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    );
  });
  afterAll(() => t.close());

  const warnings = () => lines.filter((l) => l.level === 40 && l.msg.includes('TRUST_PROXY'));

  it('warns the operator once, at the first forwarded request, and not for a local scraper', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(warnings()).toEqual([]);
    for (let i = 0; i < 2; i++) {
      await t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
    }
    expect(warnings()).toHaveLength(1);
  });
});
