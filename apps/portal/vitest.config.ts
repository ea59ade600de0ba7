import { defineConfig } from 'vitest/config';

// Unit tests of the portal's pure logic; the screens themselves are covered by the journeys in e2e/.
export default defineConfig({
  test: {
    name: 'portal',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
