// Engines of its own for bench/faults.mjs, which kills and restarts them: a PostgreSQL cluster and a Redis
// from Debian's binaries, each on a free loopback port in a temp folder — never the machine's shared ones on
// 5432 and 6379 — and s3rver behind a small S3 front that can be told to refuse writes. PostgreSQL and s3rver
// live on small disks of their own that can be filled. `stop()` ends each
// and removes its folder.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { freePort } from '../scripts/nginx-cluster.mjs';

const root = process.getuid?.() === 0;

/**
 * Runs a PostgreSQL binary as the postgres user when we are root (the server refuses to run as root), without
 * blocking the event loop: the bench's observers keep measuring while PostgreSQL restarts.
 */
function pgRun(bin, args) {
  const version = readdirSync('/usr/lib/postgresql').sort().at(-1);
  const path = `/usr/lib/postgresql/${version}/bin/${bin}`;
  const [cmd, ...rest] = root ? ['runuser', '-u', 'postgres', '--', path, ...args] : [path, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, rest, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${bin} ${args.join(' ')}: ${out}`)),
    );
  });
}

/**
 * A PostgreSQL cluster of its own. Its folder is a small disk of its own (a 256 MB tmpfs, when this process may
 * mount one; `smallDisk` says whether), which `fillDisk()` fills to the last byte and `freeDisk()` empties again,
 * starting the server if the full disk stopped it — what a supervisor such as systemd's `Restart=` would do.
 */
export async function startOwnPostgres() {
  const disk = smallDiskFolder('atrium-faults-pg-', '256m');
  const { dir } = disk;
  if (root) {
    const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
    chownSync(dir, id('-u'), id('-g'));
  }
  const port = await freePort();
  const data = join(dir, 'data');
  await pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // WAL kept small so the cluster fits its small disk with room to spare until the disk is filled on purpose.
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100 -c max_wal_size=64MB -c min_wal_size=32MB`;
  const ctl = (...args) => pgRun('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', ...args]);
  const running = () =>
    pgRun('pg_ctl', ['-D', data, 'status']).then(
      () => true,
      () => false,
    );
  await ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    smallDisk: disk.mounted,
    /** A fast restart: every connection is cut, the server is back when this resolves. */
    restart: () => ctl('-m', 'fast', 'restart'),
    /** Stops it (a fast shutdown: connections are cut) until `start()`. */
    halt: () => ctl('-m', 'fast', 'stop'),
    start: () => ctl('start'),
    fillDisk: disk.fill,
    /** Empties the disk; says whether PostgreSQL had stopped and was started again. */
    async freeDisk() {
      disk.free();
      if (await running()) return false;
      await ctl('start');
      return true;
    },
    async stop() {
      await ctl('-m', 'immediate', 'stop').catch(() => undefined);
      disk.remove();
    },
  };
}

export async function startOwnRedis() {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-faults-redis-'));
  const port = await freePort();
  let child;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    // Listening when a PING answers.
    for (let i = 0; i < 100; i++) {
      const r = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
      if (r.stdout.trim() === 'PONG') return;
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error('redis did not start');
  };
  const halt = async () => {
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    halt,
    start,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A temp folder that is a small disk of its own (a tmpfs of `size`, when this process may mount one: `mounted`
 * says whether), which `fill()` fills to the last byte and `free()` empties again; `remove()` unmounts it.
 */
function smallDiskFolder(prefix, size) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const mounted =
    root &&
    spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' }).status === 0;
  const ballast = join(dir, 'ballast');
  return {
    dir,
    mounted,
    fill() {
      const { bavail, bsize } = statfsSync(dir);
      try {
        writeFileSync(ballast, Buffer.alloc(Number(bavail) * Number(bsize)));
      } catch {}
    },
    free: () => rmSync(ballast, { force: true }),
    remove() {
      if (mounted) spawnSync('umount', [dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const BUCKET = 'atrium-faults';

/**
 * s3rver with a front that answers 503 SlowDown to every write while `refuseWrites` is true. Its files live on a
 * small disk of their own (a 64 MB tmpfs, when this process may mount one), which `fillDisk()` fills to the
 * last byte and `freeDisk()` empties again; `smallDisk` says whether there is one.
 */
export async function startFaultyS3() {
  const disk = smallDiskFolder('atrium-faults-s3-', '64m');
  const { dir } = disk;
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port: inner } = await s3.run();
  const state = { refuseWrites: false, refused: 0 };
  // s3rver (a test double) crashes when a PUT and a DELETE of one key overlap — what every process's readiness
  // probe does at once — so the front lets one request per key through at a time. Real S3 needs no such care.
  const turns = new Map();
  const front = createServer(async (req, res) => {
    const key = (req.url ?? '').split('?')[0];
    const before = turns.get(key) ?? Promise.resolve();
    let release;
    const mine = before.then(() => new Promise((r) => (release = r)));
    turns.set(key, mine);
    await before;
    res.once('close', () => {
      release();
      if (turns.get(key) === mine) turns.delete(key);
    });
    if (state.refuseWrites && (req.method === 'PUT' || req.method === 'POST' || req.method === 'DELETE')) {
      state.refused++;
      req.resume();
      res.writeHead(503, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0"?><Error><Code>SlowDown</Code><Message>refusing writes</Message></Error>');
      return;
    }
    const up = request(
      { host: '127.0.0.1', port: inner, method: req.method, path: req.url, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  const port = await freePort();
  await new Promise((r) => front.listen(port, '127.0.0.1', r));
  return {
    state,
    smallDisk: disk.mounted,
    fillDisk: disk.fill,
    freeDisk: disk.free,
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      front.closeAllConnections?.();
      await new Promise((r) => front.close(r));
      await s3.close();
      disk.remove();
    },
  };
}
