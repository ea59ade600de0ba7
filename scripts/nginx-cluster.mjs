// Several server processes behind nginx on this machine, for the several-processes test and the benches
// (docs/deploy.md describes the same layout for a real deployment). Each server is `node --import tsx
// apps/server/src/main.ts` with its own ATRIUM_SERVICES; nginx runs on its own loopback port from its own temp
// folder (config, pid, logs, temp files), never the system's. Everything started here is stopped by `stop()`.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NGINX } from './ensure-nginx.mjs';

const ROOT = resolve(import.meta.dirname, '..');

const handedOut = new Set();

/**
 * A free loopback port (closed again before it is returned: take it at once), never one already handed out
 * here — processes started together would otherwise be given the same one now and then.
 */
export async function freePort() {
  for (;;) {
    const port = await new Promise((done) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => done(port));
      });
    });
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

/** Waits until `check()` resolves true; a check that throws counts as not yet, unless `fatal()` says stop. */
async function until(check, ms, what, fatal = () => undefined) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    const reason = fatal();
    if (reason) throw new Error(reason);
    if (Date.now() > deadline) throw new Error(`${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One server process on a free loopback port. `env` is its configuration on top of the caller's (the
 * caller names DATABASE_URL, REDIS_URL, S3_*, INGEST_SECRET…). Its output is kept (the last 64 KB) and
 * printed when it dies unasked, so a failing test says why.
 */
export async function startServerProcess(name, env, { port, cpus, stdio = 'keep' } = {}) {
  const listen = port ?? (await freePort());
  const node = [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'];
  const [command, ...args] = cpus ? ['taskset', '-c', cpus, ...node] : node;
  let output = '';
  let stopping = false;
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(listen), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', stdio === 'inherit' ? 'inherit' : 'pipe', stdio === 'inherit' ? 'inherit' : 'pipe'],
  });
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  exited.then(({ code, signal }) => {
    if (!stopping) console.error(`[${name}] exited (${code ?? signal})\n${output}`);
  });
  const url = `http://127.0.0.1:${listen}`;
  return {
    name,
    url,
    port: listen,
    child,
    exited,
    output: () => output,
    /** Resolves once readiness (database, blob store, Redis) answers 200; rejects if the process ends first. */
    async ready(ms = 90_000) {
      let gone = false;
      exited.then(() => {
        gone = true;
      });
      await until(
        async () => (await fetch(`${url}/v1/health/ready`)).ok,
        ms,
        `${name} was not ready`,
        () => gone && `${name} exited before it was ready:\n${output}`,
      );
    },
    /** Sends `signal` (SIGKILL for a crash) without waiting. */
    kill(signal = 'SIGKILL') {
      stopping = true;
      child.kill(signal);
    },
    /** Ends it (SIGTERM: in-flight requests finish) and waits for the exit; SIGKILL after 12 s. */
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The one nginx configuration (ADR 0077): what docs/deploy.md points operators to and compose.yaml mounts. */
export const NGINX_CONF = join(ROOT, 'deploy/nginx/atrium.conf');

/** Replaces the body of `upstream <name> { … }` with one `server` line per url (keeping `keepalive`). */
function withServers(conf, name, urls) {
  const block = new RegExp(`(upstream ${name} \\{\\n)([^}]*)(\\})`);
  if (!block.test(conf)) throw new Error(`${NGINX_CONF}: no upstream ${name}`);
  return conf.replace(block, (_all, open, body, close) => {
    const kept = body.split('\n').filter((line) => /^\s*keepalive\b/.test(line));
    const servers = urls.map((u) => `  server ${new URL(u).host};`);
    return `${open}${[...servers, ...kept].join('\n')}\n${close}`;
  });
}

/**
 * deploy/nginx/atrium.conf for these upstreams on this machine, inside a main configuration of its own (pid,
 * logs and temp files in `dir`, never the system's): only the upstream addresses, the TLS part (a plain
 * loopback port instead) and the access log's path change, so the tests run exactly what operators copy.
 * `upstreamHeader` adds `x-atrium-upstream` (which process answered) for tests; never in production.
 */
export function nginxConfig({ dir, port, web, assist, upstreamHeader = false }) {
  let site = readFileSync(NGINX_CONF, 'utf8');
  site = withServers(site, 'atrium_web', web);
  site = withServers(site, 'atrium_assist', assist);
  const tls = /( *)# tls-begin\n[\s\S]*?# tls-end\n/;
  if (!tls.test(site)) throw new Error(`${NGINX_CONF}: no tls-begin … tls-end part`);
  site = site.replace(
    tls,
    (_all, indent) =>
      `${indent}listen 127.0.0.1:${port};\n${upstreamHeader ? `${indent}add_header x-atrium-upstream $upstream_addr always;\n` : ''}`,
  );
  site = site.replace(/access_log \S+ atrium_noquery;/, `access_log ${dir}/access.log atrium_noquery;`);
  return `# Written by scripts/nginx-cluster.mjs from deploy/nginx/atrium.conf.
${process.getuid?.() === 0 ? '# Started as root for a test: workers stay root so they can use this temp folder.\nuser root root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}}
`;
}

/** nginx on its own port from its own temp folder; `stop()` ends it and removes the folder. */
export async function startNginx({ web, assist, port, upstreamHeader = false }) {
  const listen = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'atrium-nginx-'));
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ dir, port: listen, web, assist, upstreamHeader }));
  let output = '';
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-16_384);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${listen}`;
  let gone = false;
  exited.then(() => {
    gone = true;
  });
  // Listening is enough: an HTTP probe would reach the upstreams, and one that finds them still starting makes
  // nginx count them as failed for 10 s (its passive health check) — every request would then be answered 502.
  await until(
    () =>
      new Promise((resolve) => {
        const socket = connect(listen, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      }),
    10_000,
    'nginx did not listen',
    () => gone && `nginx exited: ${output}`,
  );
  return {
    url,
    port: listen,
    dir,
    /** The master's pid (its workers are its children). */
    pid: child.pid,
    async stop() {
      if (!gone) {
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
