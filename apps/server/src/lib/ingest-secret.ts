import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secret that signs tracker session tokens when INGEST_SECRET is not set: random, made on first start and
 * kept in the data directory (mode 600) so restarts keep visitors' tokens valid. Never a known constant: a
 * public development secret let anyone forge a token into another visitor's recording (issue 8).
 * In memory (tests) it lives as long as the process.
 */
export function loadOrCreateIngestSecret(dataDir: string): string {
  if (dataDir === 'memory://') return randomBytes(32).toString('base64url');
  const file = join(dataDir, 'ingest-secret');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': if another process made one meanwhile, keep theirs.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}
