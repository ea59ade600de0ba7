import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'markdown',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
