import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { signSessionToken, verifySessionToken } from '../modules/ingest/index.ts';

describe('ingest secret without INGEST_SECRET', () => {
  it('is random per data directory, kept across restarts, and never the old public development secret', () => {
    const a = mkdtempSync(join(tmpdir(), 'atrium-secret-'));
    const b = mkdtempSync(join(tmpdir(), 'atrium-secret-'));
    try {
      const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: a }).ingest.secret;
      const restarted = loadConfig({ NODE_ENV: 'development', DATA_DIR: a }).ingest.secret;
      const elsewhere = loadConfig({ NODE_ENV: 'development', DATA_DIR: b }).ingest.secret;
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(restarted).toBe(first);
      expect(elsewhere).not.toBe(first);
      expect(first).not.toBe('atrium-dev-ingest-secret-not-for-production');
      expect(statSync(join(a, 'ingest-secret')).mode & 0o077).toBe(0);
      // A token forged with the old public secret is refused.
      const claims = { sessionId: crypto.randomUUID(), projectId: crypto.randomUUID(), userUuid: 'u' };
      const forged = signSessionToken('atrium-dev-ingest-secret-not-for-production', claims).token;
      expect(verifySessionToken(first, forged)).toBeNull();
    } finally {
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    }
  });
});
