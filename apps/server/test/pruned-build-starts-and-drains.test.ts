import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { MessageType } from '@atrium/protocol/tracker/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackerStartBody } from './tracker-start-body.ts';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const MINUTES = 60_000;

/** Runs an npm command in the copy, its output kept for the failure message only. */
function npm(cwd: string, args: string[]) {
  execFileSync('npm', [...args, '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd,
    stdio: 'pipe',
    // The copy's own scripts, not the ones of the workspace that started vitest.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, CI: process.env.CI },
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** The repository as a fresh clone would have it: tracked files plus new ones not ignored, no build output. */
function copyRepository(to: string) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter(Boolean);
  for (const file of new Set(files)) {
    if (!existsSync(join(repo, file))) continue; // deleted in the work tree, not yet committed
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(join(repo, file), join(to, file));
  }
}

async function until<T>(check: () => Promise<T | undefined>, what: string, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function refusesConnections(port: number): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' ? true : undefined),
    );
  });
}

/**
 * Issue 31 / ADR 0075: what an operator deploys is `npm ci && npm run build && npm prune --omit=dev`, then
 * `node apps/server/dist/main.js` under a supervisor. This runs exactly that in a copy of the repository and
 * proves the pruned tree has no TypeScript tooling, serves the portal and the API (ingest's parse worker
 * included), and that SIGTERM reaches the server itself: it finishes a request in flight, refuses new
 * connections and exits 0.
 */
describe('the pruned production build', () => {
  let dir: string;
  let server: ChildProcess | undefined;
  let output = '';
  let base = '';
  let port = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-pruned-build-'));
    copyRepository(dir);
    npm(dir, ['ci']);
    npm(dir, ['run', 'build']);
    npm(dir, ['prune', '--omit=dev']);
  }, 30 * MINUTES);

  afterAll(() => {
    server?.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 5 * MINUTES); // a whole node_modules to delete on a loaded machine

  it('has no TypeScript tooling left in node_modules', () => {
    expect(existsSync(join(dir, 'apps/server/dist/main.js'))).toBe(true);
    for (const tool of ['tsx', 'typescript', 'esbuild', 'vite', 'vitest']) {
      expect(existsSync(join(dir, 'node_modules', tool)), tool).toBe(false);
    }
  });

  it(
    'starts with node, serves the portal and ingest, and drains on SIGTERM with exit 0',
    async () => {
      const dataDir = join(dir, 'data');
      server = spawn(process.execPath, ['apps/server/dist/main.js'], {
        cwd: dir,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: '0',
          DATA_DIR: dataDir,
          INGEST_SECRET: 'one-deployment-one-secret-of-32-chars-or-more',
          // Production refuses to start without a mail transport unless the log is chosen (ADR 0076).
          MAIL_TRANSPORT: 'log',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
      server.stdout!.on('data', (chunk) => {
        output += chunk;
      });
      server.stderr!.on('data', (chunk) => {
        output += chunk;
      });

      // The production log is JSON lines; the 'listening' one names the port PORT=0 was given.
      base = await until(
        async () => {
          if (server!.exitCode !== null) throw new Error(`exited ${server!.exitCode}:\n${output}`);
          const line = output.split('\n').find((l) => l.includes('"msg":"listening"'));
          return line
            ? (JSON.parse(line) as { url: string }).url.replace('localhost', '127.0.0.1')
            : undefined;
        },
        'listening',
        5 * MINUTES,
      ).catch((error) => {
        throw new Error(`${error.message}\n${output}`);
      });
      port = Number(new URL(base).port);

      expect((await fetch(`${base}/v1/health`)).status).toBe(200);
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');

      // A recording starts and a batch is parsed by ingest's worker thread, which runs from dist too.
      const start = await fetch(`${base}/ingest/v1/web/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(trackerStartBody({ url: `${base}/` })),
      });
      expect(start.status).toBe(200);
      const { token } = (await start.json()) as { token: string };
      const batch = (seq: number) =>
        gzipSync(
          JSON.stringify({
            batchId: `tab-1-1-${seq}`,
            tabId: 'tab-1',
            pageNo: 1,
            seq,
            messages: [
              ...(seq === 0 ? [[MessageType.TabData, 'tab-1']] : []),
              [MessageType.Timestamp, Date.now()],
              [MessageType.SetPageLocation, `${base}/tasks/${seq}`, '', Date.now()],
            ],
          }),
        );
      const upload = (seq: number) => {
        const body = batch(seq);
        const req = request(`${base}/ingest/v1/web/i?batch=tab-1-1-${seq}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-encoding': 'gzip',
            'content-length': body.length,
            // The server answers 100 once it has the request's head: from then on the request is in flight.
            expect: '100-continue',
          },
        });
        const answered = new Promise<number>((resolve, reject) => {
          req.once('response', (res) => {
            res.resume();
            res.once('end', () => resolve(res.statusCode ?? 0));
          });
          req.once('error', reject);
        });
        const headRead = new Promise<void>((resolve) => req.once('continue', resolve));
        req.flushHeaders();
        return { req, body, answered, headRead };
      };
      const first = upload(0);
      await first.headRead;
      first.req.end(first.body);
      expect(await first.answered).toBeLessThan(300);

      // A slow upload is in flight (half its body sent) when the supervisor sends SIGTERM to the process.
      const slow = upload(1);
      await slow.headRead;
      const half = Math.floor(slow.body.length / 2);
      slow.req.write(slow.body.subarray(0, half));
      server.kill('SIGTERM');
      await until(() => refusesConnections(port), 'new connections refused', MINUTES);
      expect(server.exitCode).toBe(null); // still draining the upload
      slow.req.end(slow.body.subarray(half));
      expect(await slow.answered).toBeLessThan(300);
      expect(await exited, output).toBe(0);
    },
    10 * MINUTES,
  );
});
