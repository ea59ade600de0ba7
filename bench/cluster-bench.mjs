// What bench/load.mjs and bench/faults.mjs share: a throw-away database on the machine's PostgreSQL (or one
// the caller names), server processes started with scripts/nginx-cluster.mjs, and reading a process's CPU
// time and memory from /proc.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';

/** The PostgreSQL server the benches create their databases on (never a database anyone else uses). */
export const ADMIN_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A new empty database named `name` on `adminUrl`; `drop()` removes it (closing what still holds it). */
export async function createDatabase(name, adminUrl = ADMIN_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system, all threads) a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Resident memory of a process in MB; 0 once it is gone. */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** A process's direct children (nginx's workers under its master). */
export function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

export const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};

/** A distinct client address per simulated visitor (10.x.y.z), sent as X-Forwarded-For behind TRUST_PROXY. */
export const visitorAddress = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/**
 * Caps a process (all its threads) at `cores` CPUs with a cgroup of its own (v1 `cpu` controller, or v2 where
 * it is enabled; root only). The scale-out comparison needs it on a 2-core machine: each server gets the same
 * fixed share, with the rest left to the generator, PostgreSQL and nginx, so "one process" and "two processes"
 * differ only in the process count. Returns the undo.
 */
export function limitCpu(name, pid, cores) {
  const period = 100_000;
  const quota = Math.round(cores * period);
  const v1 = '/sys/fs/cgroup/cpu';
  const v2 = '/sys/fs/cgroup';
  let dir;
  if (existsSync(`${v1}/cpu.cfs_quota_us`)) {
    dir = `${v1}/${name}`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/cpu.cfs_period_us`, String(period));
    writeFileSync(`${dir}/cpu.cfs_quota_us`, String(quota));
  } else if (
    existsSync(`${v2}/cgroup.controllers`) &&
    readFileSync(`${v2}/cgroup.controllers`, 'utf8').includes('cpu')
  ) {
    dir = `${v2}/${name}`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/cpu.max`, `${quota} ${period}`);
  } else throw new Error('BENCH_CPU_CORES needs a writable cgroup cpu controller (run as root)');
  writeFileSync(`${dir}/cgroup.procs`, String(pid));
  return () => {
    // Back to the root group first: a group with processes in it cannot be removed.
    try {
      writeFileSync(`${dir.replace(`/${name}`, '')}/cgroup.procs`, String(pid));
    } catch {}
    try {
      rmdirSync(dir);
    } catch {}
  };
}
