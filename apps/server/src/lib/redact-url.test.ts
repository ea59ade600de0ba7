import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { databaseKinds } from '../../test/test-databases.ts';

// Access logs of real requests never hold a working credential from the URL.
describe.each(databaseKinds)('secrets in access logs, on %s', (kind) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(() => t.close());

  it('redacts feed secrets, reset and impersonation tokens in the logged URL', async () => {
    const secrets = ['Feed0secret0abcdefghijk', 'Reset0token0xyz', 'Imperson0token0qq', 'Verify0code0'];
    await t.app.inject({ method: 'GET', url: `/v1/calendar/${secrets[0]}.ics` });
    await t.app.inject({ method: 'GET', url: `/reset?token=${secrets[1]}&lang=zh` });
    await t.app.inject({ method: 'GET', url: `/v1/user/profile?h_use_this_user_token=${secrets[2]}` });
    await t.app.inject({ method: 'GET', url: `/v1/user/login/verify?code=${secrets[3]}` });
    // One line per answered request (request-log.ts), with its URL redacted.
    const urls = lines
      .map((line) => JSON.parse(line))
      .flatMap((entry) => (typeof entry.status === 'number' ? [entry.url] : []));
    expect(urls).toEqual([
      '/v1/calendar/[redacted]',
      '/reset?token=[redacted]&lang=zh',
      '/v1/user/profile?h_use_this_user_token=[redacted]',
      '/v1/user/login/verify?code=[redacted]',
    ]);
    const all = lines.join('\n');
    for (const secret of secrets) expect(all).not.toContain(secret);
  });
});
