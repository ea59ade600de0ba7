import { describe, expect, it } from 'vitest';
import pkg from '../package.json' with { type: 'json' };
import { TRACKER_VERSION } from './version.ts';

describe('version (spec §1)', () => {
  it('is 15.0.3 in the code and in package.json', () => {
    expect(TRACKER_VERSION).toBe('15.0.3');
    expect(pkg.version).toBe(TRACKER_VERSION);
  });
});
