import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Another live process holds the data directory; starting anyway would corrupt PGlite (ADR 0011). */
export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly holder: LockHolder,
  ) {
    super(
      `${dataDir} is in use by another Atrium process (pid ${holder.pid} on ${holder.host}, ` +
        `started ${holder.startedAt}${holder.command ? `: ${holder.command}` : ''}). ` +
        'Stop that process first, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  command?: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the exclusive lock of a PGlite data directory: a lock file created with O_EXCL that names its
 * holder. PGlite is one embedded PostgreSQL per directory and does no locking of its own, so two processes
 * on one directory (two `npm start`, or `npm run seed` beside a running server) silently corrupt it.
 * A lock left by a process that died is taken over; one held by a live process on this host stops us.
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, 'atrium.lock');
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' ').slice(0, 200),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    // A holder on another host (a shared network folder) cannot be checked: never take its lock over.
    if (holder && (holder.host !== me.host || alive(holder.pid))) throw new DataDirLockedError(dir, holder);
    // Stale (its process is gone) or unreadable: move it aside atomically, then retry the exclusive create.
    // Two processes racing here both rename; only one then wins the O_EXCL create.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
      rmSync(aside, { force: true });
    } catch {
      // Someone else moved it first.
    }
  }
  const holder = readHolder(file);
  if (holder) throw new DataDirLockedError(dir, holder);
  throw new Error(`could not lock ${dir}`);
}
