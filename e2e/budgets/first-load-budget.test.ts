import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { firstLoadScripts, servedBytes } from '../support/first-load-files.ts';

// Issue 9's budget, held by a test (issue 33): the scripts a learner's browser downloads before /login first
// renders, as the server sends them (the build's brotli copies), at most 150 KB. Byte counts of the built
// files, so the same build gives the same answer on any machine; timings belong in bench/first-load.mjs.
const DIST = fileURLToPath(new URL('../../apps/portal/dist', import.meta.url));
const LOGIN_BUDGET = 150 * 1024;

describe('first load of the built portal', () => {
  it('/login needs at most 150 KB of compressed JavaScript before it renders', () => {
    const files = firstLoadScripts(DIST, 'login-page');
    const sizes = files.map((f) => ({ f, bytes: servedBytes(join(DIST, 'assets', f)) }));
    const total = sizes.reduce((n, s) => n + s.bytes, 0);
    // On failure the message lists each file, so it says which chunk grew.
    expect(total, sizes.map((s) => `${s.f} ${s.bytes}`).join('\n')).toBeLessThanOrEqual(LOGIN_BUDGET);
  });

  it('/login downloads neither zod nor the tracker before it renders', () => {
    const files = firstLoadScripts(DIST, 'login-page');
    expect(files.filter((f) => /^(validation|tracker)-/.test(f))).toEqual([]);
  });
});
