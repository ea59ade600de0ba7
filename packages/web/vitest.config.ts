import { defineConfig } from 'vitest/config';

// Unit tests of the shared front-end logic; the screens using it are covered by the journeys in e2e/.
export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
