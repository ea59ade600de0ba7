import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-databases.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createMailer } from './mail.ts';

describe('mail without SMTP_URL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-mail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps each mail under DATA_DIR/mail, readable as plain text next to the real message', async () => {
    const mailer = createMailer({ from: 'Atrium <no-reply@atrium.local>', dataDir });
    const link = 'http://localhost:3000/register/verify?token=abc123';
    await mailer.send({
      to: 'new@example.com',
      subject: '請驗證您的電子郵件',
      text: `請開啟連結完成註冊：${link}`,
    });
    mailer.close();
    const files = readdirSync(join(dataDir, 'mail'));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    const txt = files.find((f) => f.endsWith('.txt'));
    const text = readFileSync(join(dataDir, 'mail', txt!), 'utf8');
    expect(text).toContain('Subject: 請驗證您的電子郵件');
    expect(text).toContain(`請開啟連結完成註冊：${link}`);
  });
});

describe('mail without SMTP_URL in production (MAIL_TRANSPORT=log)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-mail-prod-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('never logs the sign-in code its subject carries', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer({ from: 'Atrium <no-reply@atrium.local>', dataDir, log, production: true });
    await mailer.send({
      to: 'a@example.com',
      subject: '【Atrium】登入驗證碼 799280',
      text: '驗證碼：799280',
    });
    mailer.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('799280');
    expect(JSON.parse(lines[0]!)).toMatchObject({ to: 'a@example.com', subject: '【Atrium】登入驗證碼 …' });
  });

  it('logs who was mailed and about what, never the registration code or link', async () => {
    const lines: Record<string, unknown>[] = [];
    const config = loadConfig({
      NODE_ENV: 'production',
      INGEST_SECRET: 'x'.repeat(40),
      MAIL_TRANSPORT: 'log',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'https://portal.example',
    });
    const database = await openTestDatabase('pglite');
    const app = await buildApp(config, {
      database,
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/user/register',
        payload: { email: 'new-learner@example.com', password: 'Secret123', nickname: '小新' },
      });
      expect(res.statusCode).toBeLessThan(300);
      const mailed = () => lines.find((l) => l.to === 'new-learner@example.com');
      await until(() => Boolean(mailed()));
      // The operator's copy on disk holds the code; the log line only says that it went out.
      const file = readdirSync(join(dataDir, 'mail')).find((f) => f.endsWith('.txt'))!;
      const body = readFileSync(join(dataDir, 'mail', file), 'utf8');
      const code = body.match(/\b\d{6}\b/)?.[0];
      expect(code).toBeDefined();
      expect(mailed()).toMatchObject({ to: 'new-learner@example.com', subject: expect.any(String) });
      const log = JSON.stringify(lines);
      expect(log).not.toContain(code);
      expect(log).not.toContain('https://portal.example/');
      expect(statSync(join(dataDir, 'mail', file)).mode & 0o077).toBe(0);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
