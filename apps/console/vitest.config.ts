import { defineConfig } from 'vitest/config';

// Unit tests of the console's pure logic; the screens themselves are covered by the journeys in e2e/.
export default defineConfig({
  test: {
    name: 'console',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
