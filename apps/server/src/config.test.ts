import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const production = { NODE_ENV: 'production', INGEST_SECRET: 'x'.repeat(40) };

describe('mail transport in production', () => {
  it('refuses to start without SMTP_URL, saying what to set; starts with it or an explicit MAIL_TRANSPORT=log', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/SMTP_URL: required in production.*MAIL_TRANSPORT=log/);
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail.example:587' }).smtpUrl).toBe(
      'smtp://mail.example:587',
    );
    expect(loadConfig({ ...production, MAIL_TRANSPORT: 'log' }).smtpUrl).toBeUndefined();
    // Outside production mail still goes to the log by default, for a newcomer without a mail server.
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: 'memory://' }).smtpUrl).toBeUndefined();
  });

  it('lists the missing mail transport together with the other problems', () => {
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        expect.stringMatching(/^INGEST_SECRET/),
        expect.stringMatching(/^SMTP_URL/),
      ]);
    }
  });

  it('refuses contradictory settings', () => {
    expect(() => loadConfig({ ...production, MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
    expect(() =>
      loadConfig({ ...production, MAIL_TRANSPORT: 'log', SMTP_URL: 'smtp://mail.example:587' }),
    ).toThrow(/MAIL_TRANSPORT/);
  });
});

describe('migrating at start', () => {
  it('is on unless the operator turns it off for a release step', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' }).migrateAtStart).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', MIGRATE_AT_START: 'false' }).migrateAtStart,
    ).toBe(false);
  });
});
