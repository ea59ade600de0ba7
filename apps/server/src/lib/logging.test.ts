import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ownRequestLogging } from './logger-options.ts';
import { prettyLogStream } from './pretty-log-stream.ts';
import { requestLog } from './request-log.ts';
import { startBanner } from './start-banner.ts';

/** A Fastify app logging JSON lines into an array, with our request log. */
async function appLoggingTo(lines: Record<string, unknown>[]) {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: ownRequestLogging() });
  await app.register(requestLog);
  app.get('/v1/thing', async () => ({ ok: true }));
  app.get('/assets/app.js', async () => 'js');
  return app;
}

describe('request logging', () => {
  it('writes one line per answered request, secrets redacted, and none for built assets', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appLoggingTo(lines);
    await app.inject({ method: 'GET', url: '/v1/thing?token=secret' });
    await app.inject({ method: 'GET', url: '/assets/app.js' });
    await app.inject({ method: 'GET', url: '/assets/missing.js' });
    await app.close();
    const requests = lines.filter((l) => 'status' in l);
    expect(requests.map((l) => l.msg)).toEqual([
      expect.stringMatching(/^GET \/v1\/thing\?token=\[redacted\] 200 \d+ ms$/),
      expect.stringMatching(/^GET \/assets\/missing\.js 404 \d+ ms$/),
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});

describe('the development log view', () => {
  it('turns a JSON line into time, level, message and extra fields, and shows an error stack', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (c: Buffer) => {
      text += c.toString();
    });
    const stream = prettyLogStream(out, false);
    const time = new Date(2026, 0, 2, 3, 4, 5).getTime();
    stream.write(
      `${JSON.stringify({ level: 30, time, msg: 'GET /v1/entry 401 2 ms', method: 'GET', status: 401 })}\n`,
    );
    stream.write(
      `${JSON.stringify({ level: 50, time, msg: 'unhandled error', code: 'x', err: { message: 'boom', stack: 'Error: boom\n    at here' } })}\n`,
    );
    await new Promise((resolve) => stream.end(resolve));
    expect(text.split('\n')).toEqual([
      '03:04:05 INFO  GET /v1/entry 401 2 ms',
      '03:04:05 ERROR unhandled error code=x',
      'Error: boom',
      '    at here',
      '',
    ]);
  });
});

describe('the start banner', () => {
  it('names the real data folder, the demo sign-ins and the mailbox, and no secret', () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: '/srv/atrium-data', PORT: '0' });
    const banner = startBanner(config, {
      url: 'http://localhost:4321',
      demoSignIns: ['learner@atrium.local / Learner123 (learner)'],
      devMailbox: true,
    });
    expect(banner).toContain('Atrium is running at http://localhost:4321');
    expect(banner).toContain('learner@atrium.local / Learner123 (learner)');
    expect(banner).toContain('http://localhost:4321/dev/mail');
    expect(banner).toContain('/srv/atrium-data/mail');
    expect(banner.split('\n').length).toBeLessThanOrEqual(8);

    const withSecrets = loadConfig({
      NODE_ENV: 'development',
      SMTP_URL: 'smtp://user:hunter2@mail.example.test:587',
      DATABASE_URL: 'postgres://app:s3cret@db.example.test:5432/atrium',
    });
    const text = startBanner(withSecrets, {
      url: 'http://localhost:3000',
      demoSignIns: [],
      devMailbox: false,
    });
    expect(text).toContain('mail.example.test:587');
    expect(text).toContain('db.example.test:5432');
    expect(text).not.toMatch(/hunter2|s3cret/);
  });
});
