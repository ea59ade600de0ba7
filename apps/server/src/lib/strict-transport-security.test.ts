import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

const HSTS = 'strict-transport-security';

describe('Strict-Transport-Security only over https', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    t!.app.inject({ method: 'GET', url, headers });

  it('is not sent over plain http, whatever a client claims without a trusted proxy', async () => {
    t = await createTestApp('pglite');
    for (const url of ['/v1/health', '/v1/nope', '/']) {
      expect((await get(url)).headers[HSTS], url).toBeUndefined();
      expect((await get(url, { 'x-forwarded-proto': 'https' })).headers[HSTS], url).toBeUndefined();
    }
  }, 120_000);

  // Fastify believes X-Forwarded-Proto from named proxies; a hop count is read by the hook itself.
  it.each(['127.0.0.1', '1'])(
    "is sent when a trusted proxy (TRUST_PROXY=%s) says the browser's request came over https",
    async (trustProxy) => {
      t = await createTestApp('pglite', { TRUST_PROXY: trustProxy });
      const https = await get('/v1/health', { 'x-forwarded-proto': 'https' });
      expect(https.headers[HSTS]).toBe('max-age=31536000; includeSubDomains');
      expect((await get('/v1/nope', { 'x-forwarded-proto': 'https' })).headers[HSTS]).toBeDefined();
      expect((await get('/v1/health', { 'x-forwarded-proto': 'http' })).headers[HSTS]).toBeUndefined();
      expect((await get('/v1/health')).headers[HSTS]).toBeUndefined();
    },
    120_000,
  );
});
