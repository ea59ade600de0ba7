import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'protocol',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
