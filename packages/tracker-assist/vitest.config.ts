import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'tracker-assist',
    environment: 'happy-dom',
    include: ['src/**/*.test.ts'],
  },
});
