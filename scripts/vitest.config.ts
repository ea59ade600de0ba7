import { defineConfig } from 'vitest/config';

// Tests of the repository's own scripts (the boundary check), run by the unit stage with the workspaces.
export default defineConfig({
  test: {
    name: 'scripts',
    environment: 'node',
    include: ['*.test.ts'],
  },
});
