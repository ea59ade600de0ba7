import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// Issue 5's budget, held by a test (issue 33): the standalone tracker a site loads with a <script> is at
// most 40 KB gzip (level 9, as bench/tracker-size.mjs measures it). A new message kind or library that
// breaks it fails here, not silently. Byte counts of the built file: deterministic.
const TRACKER = fileURLToPath(new URL('../../packages/tracker/dist/tracker.js', import.meta.url));
const BUDGET = 40 * 1024;

describe('the built standalone tracker', () => {
  it('is at most 40 KB gzip', () => {
    const gzip = gzipSync(readFileSync(TRACKER), { level: 9 }).length;
    expect(gzip).toBeLessThanOrEqual(BUDGET);
  });
});
