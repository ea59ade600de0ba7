import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('PGlite data directory lock', () => {
  it('refuses a second opener while the first holds the directory, naming the holder', async () => {
    const dir = tempDir();
    const first = openDatabase({ dataDir: dir });
    await first.migrate();
    let refusal: unknown;
    try {
      openDatabase({ dataDir: dir });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toContain(`pid ${process.pid}`);
    expect((refusal as Error).message).toContain(dir);
    await first.close();
    // Released on close: the next opener gets it.
    const second = openDatabase({ dataDir: dir });
    await second.close();
  });

  it('stops a second server process at once with one readable sentence', async () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    try {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', new URL('../main.ts', import.meta.url).pathname],
        {
          env: { ...process.env, DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent', DATABASE_URL: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('is in use by another Atrium process');
      expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      release();
    }
  }, 60_000);

  it('takes over a lock left by a process that is gone', async () => {
    const dir = tempDir();
    // pid 2^22+1 is above Linux's pid_max default: no such process.
    writeFileSync(
      join(dir, 'atrium.lock'),
      JSON.stringify({ pid: 4_194_305, host: (await import('node:os')).hostname(), startedAt: 'then' }),
    );
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
  });
});
