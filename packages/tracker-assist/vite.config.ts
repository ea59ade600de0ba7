import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { libraryBuild } from '../../scripts/library-build.ts';

// `vite build` → dist/index.js (ESM, PeerJS split into its own chunk loaded at the first call);
// `vite build --mode iife` → dist/tracker-assist.js (standalone, global `AtriumTrackerAssist`, everything inline).
// The tracker is never bundled: the plugin receives the page's tracker instance through `tracker.use()`.
export default defineConfig(({ mode }) => ({
  resolve: {
    // @atrium/protocol/assist builds its zod schemas at module level, and a bundler cannot prove those calls
    // free of effects. The plugin uses only the module's constants and helpers (agent-data.ts checks what
    // agents send), so zod is replaced by an inert stub here: ~35 KB gzip less on the learner's page.
    alias: { zod: fileURLToPath(new URL('./src/zod-stub.ts', import.meta.url)) },
  },
  build: {
    ...libraryBuild(mode, { name: 'AtriumTrackerAssistBundle', fileName: 'tracker-assist.js' }),
    rollupOptions: {
      external: ['@atrium/tracker'],
    },
  },
}));
