import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('migrating at start', () => {
  it('is on unless the operator turns it off for a release step', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' }).migrateAtStart).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', MIGRATE_AT_START: 'false' }).migrateAtStart,
    ).toBe(false);
  });
});
