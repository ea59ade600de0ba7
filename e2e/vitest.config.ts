import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// End-to-end journeys: a real server in-process, the built portal, Debian's Chromium. One file at a time
// (2 shared cores, one browser each); slow steps get generous limits. The byte budgets (budgets/) run here
// too: they read the build this stage follows.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['journeys/**/*.test.ts', 'budgets/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
