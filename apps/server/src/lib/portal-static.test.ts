import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

/** A built front end in miniature: its page and one hashed script. */
function fakeBuild(root: string, title: string) {
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), `<!doctype html><title>${title}</title>`);
  writeFileSync(join(root, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What scripts/precompress.ts writes beside a big asset at build time.
  const big = `console.log(${JSON.stringify(title.repeat(2000))})`;
  writeFileSync(join(root, 'assets', 'big-abc123.js'), big);
  writeFileSync(join(root, 'assets', 'big-abc123.js.br'), brotliCompressSync(big));
}

describe('the built portal and console: pages fall back, files do not', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-static-'));
    fakeBuild(join(dir, 'portal'), 'portal');
    fakeBuild(join(dir, 'console'), 'console');
    t = await createTestApp('pglite', {
      PORTAL_DIST: join(dir, 'portal'),
      CONSOLE_DIST: join(dir, 'console'),
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves hashed files, and the app page for any route of either app', async () => {
    for (const url of ['/assets/app-abc123.js', '/console/assets/app-abc123.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/javascript/);
    }
    expect((await get('/training/abc')).body).toContain('<title>portal</title>');
    expect((await get('/console/sessions/abc')).body).toContain('<title>console</title>');
  });

  // Compressing 1.4 MB of console scripts per request took ~190 ms of the server's CPU on every first open.
  it("sends either app's build-time brotli copy as it is, to browsers that take brotli", async () => {
    for (const [url, title] of [
      ['/assets/big-abc123.js', 'portal'],
      ['/console/assets/big-abc123.js', 'console'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/javascript/);
      const built = readFileSync(join(dir, title, 'assets', 'big-abc123.js.br'));
      expect(res.rawPayload.equals(built), url).toBe(true);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain(title.repeat(2000));
    }
  });

  // A stale tab asking for last release's script must get a 404, not the page parsed as a script.
  it('answers a missing hashed file with a 404 in the one error shape, never the page', async () => {
    for (const url of [
      '/assets/nope-abc123.js',
      '/assets/nope-abc123.css',
      '/assets/deeper/nope.js',
      '/console/assets/nope-abc123.js',
      '/console/assets/nope-abc123.css',
      '/nope-abc123.js',
      '/console/nope-abc123.js',
      '/favicon-abc123.png',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json(), url).toEqual({ code: 'route_not_found', message: expect.any(String) });
    }
  });
});
