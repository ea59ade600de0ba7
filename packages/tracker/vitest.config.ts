import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'tracker',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Builds dist/ when a source file is newer than the bundle (the browser tests load dist/tracker.js).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
