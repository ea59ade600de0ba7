import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX } from '../../../scripts/ensure-nginx.mjs';
import {
  type Nginx,
  type ServerProcess,
  startNginx,
  startServerProcess,
} from '../../../scripts/nginx-cluster.mjs';
import { cuttableLink } from './cuttable-link.ts';
import { openTestDatabase } from './test-databases.ts';

const postgres = Boolean(process.env.DATABASE_URL);
const nginx = existsSync(NGINX);
const missing = [!postgres && 'DATABASE_URL', !nginx && NGINX].filter(Boolean);
if (missing.length > 0 && process.env.CI) throw new Error(`needed in CI: ${missing.join(', ')}`);

/**
 * deploy/nginx/atrium.conf in front of two web processes whose database becomes unreachable (issue 31): the
 * server answers its own `503 database_unavailable` to what needs the database, and that answer must not
 * make nginx count both processes as dead — which turned every page, static ones too, into nginx's "502 Bad
 * Gateway" for 10 s, past the database's return.
 */
describe.skipIf(missing.length > 0)('nginx in front of processes that lost their database', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let link: Awaited<ReturnType<typeof cuttableLink>>;
  let web: ServerProcess[] = [];
  let proxy: Nginx | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'atrium-nginx-outage-'));

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const url = new URL(database.url!);
    link = await cuttableLink(url.hostname, Number(url.port || 5432));
    url.hostname = '127.0.0.1';
    url.port = String(link.port);
    // A page that needs no database, as the built portal's index.html is.
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Atrium</title><h1>Atrium</h1>');
    const env = {
      NODE_ENV: 'development',
      SMTP_URL: '',
      DATABASE_URL: url.toString(),
      DATA_DIR: dir,
      PORTAL_DIST: dir,
      CONSOLE_DIST: dir,
      INGEST_SECRET: 'nginx-outage-test-secret-of-32-chars-or-more',
      TRUST_PROXY: 'loopback',
      ATRIUM_SERVICES: 'web',
    };
    web = await Promise.all([startServerProcess('web-1', env), startServerProcess('web-2', env)]);
    await Promise.all(web.map((p) => p.ready()));
    proxy = await startNginx({ web: web.map((p) => p.url), assist: [web[0]!.url] });
  }, 180_000);
  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(web.map((p) => p.stop()));
    await link?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('pages stay 200 and the API answers 503 with Retry-After, never a 502 of nginx', async () => {
    const base = proxy!.url;
    const page = () => fetch(`${base}/login`);
    const api = () => fetch(`${base}/v1/entry`, { headers: { authorization: 'Bearer not-a-session' } });
    expect((await page()).status).toBe(200);
    expect((await api()).status).toBe(401);

    link.cut();
    // Until both processes found their database gone (each answers once it tries a connection).
    const answers: number[] = [];
    for (let seen503 = 0; seen503 < 4; ) {
      const res = await api();
      answers.push(res.status);
      if (res.status === 503) {
        expect(await res.json()).toMatchObject({ code: 'database_unavailable' });
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        seen503++;
      } else expect(res.status).not.toBe(502);
      if (answers.length > 200) throw new Error(`no 503 from the server: ${answers.join(' ')}`);
    }
    // Both processes answered 503 just now; every page and every API call still reaches one of them.
    const pages = await Promise.all(Array.from({ length: 10 }, page));
    expect(pages.map((r) => r.status)).toEqual(pages.map(() => 200));
    expect((await api()).status).toBe(503);

    link.restore();
    let back = 0;
    while (back !== 401) {
      back = (await api()).status;
      expect(back).not.toBe(502);
    }
  }, 120_000);
});
