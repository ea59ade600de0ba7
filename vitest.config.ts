import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace. End-to-end journeys have their own config
// (e2e/vitest.config.ts) because they need the built portal and a browser.
export default defineConfig({
  test: {
    projects: ['apps/*/vitest.config.ts', 'packages/*/vitest.config.ts', 'scripts/vitest.config.ts'],
  },
});
