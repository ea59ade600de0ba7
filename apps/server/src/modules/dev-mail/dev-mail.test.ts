import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser } from '../../../test/account-test-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { openTestDatabase } from '../../../test/test-databases.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';

/** The app as `npm start` runs it: development, no SMTP_URL, mail written under DATA_DIR. */
async function developmentApp(
  dataDir: string,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const database = await openTestDatabase('pglite');
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0' });
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe('the development mailbox, in development without SMTP_URL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-dev-mail-'));
  let dev: Awaited<ReturnType<typeof developmentApp>>;
  beforeAll(async () => {
    dev = await developmentApp(dataDir);
  });
  afterAll(async () => {
    await dev.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the mail the product just wrote, newest first, with its code', async () => {
    const status = await dev.app.inject({ method: 'GET', url: '/v1/dev-mailbox' });
    expect(status.json()).toEqual({ enabled: true });

    const browser = createBrowser(dev.app);
    const res = await browser.call('POST', '/v1/user/register', {
      email: 'newcomer@example.test',
      nickname: '新同學',
      password: 'Learner123',
    });
    expect(res.statusCode).toBe(201);
    // The mail is sent after the answer: wait for it to land.
    let items: { to: string; subject: string; text: string }[] = [];
    await expect
      .poll(async () => {
        const list = await browser.call('GET', '/v1/dev-mailbox/mail');
        expect(list.statusCode).toBe(200);
        items = list.json().items;
        return items.length;
      })
      .toBeGreaterThan(0);
    const [latest] = items;
    if (!latest) throw new Error('no mail');
    expect(latest.to).toBe('newcomer@example.test');
    expect(latest.subject).toContain('驗證');
    expect(latest.text).toMatch(/\d{6}/);
  });

  it('refuses any client but this machine', async () => {
    const res = await dev.app.inject({
      method: 'GET',
      url: '/v1/dev-mailbox/mail',
      remoteAddress: '192.168.1.20',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('dev_mailbox_local_only');
  });
});

describe.each([
  [
    'production',
    { NODE_ENV: 'production', INGEST_SECRET: 'x'.repeat(32), SMTP_URL: '', MAIL_TRANSPORT: 'log' },
  ],
  ['development with SMTP_URL', { NODE_ENV: 'development' }],
])('no development mailbox in %s', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', env as Record<string, string>);
  });
  afterAll(() => t.close());

  it('says it is off and has no mail list', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/dev-mailbox' })).json()).toEqual({
      enabled: false,
    });
    const res = await t.app.inject({ method: 'GET', url: '/v1/dev-mailbox/mail' });
    expect(res.statusCode).toBe(404);
  });
});
