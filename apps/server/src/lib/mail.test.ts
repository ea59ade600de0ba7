import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
