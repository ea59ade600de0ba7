import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress.ts';
import { chunkGroups } from './chunk-groups.ts';
import { directImports } from './direct-imports.ts';

// In development the API, ingest, assist relay, PeerJS and tracker bundles live on the server (port 3000);
// proxying them keeps the portal same-origin, as it is in production where the server serves dist/.
const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), directImports('react-bootstrap', 'esm'), precompress()],
  // One .env at the repository's root serves the server and the portal build (VITE_* variables).
  envDir: fileURLToPath(new URL('../..', import.meta.url)),
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's sources still use @import and global functions; their deprecation notices are
      // Bootstrap's to fix (v6), not ours, and would bury real warnings.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': server,
      '/ingest': server,
      '/ws-assist': { target: server, ws: true },
      '/peerjs': { target: server, ws: true },
      '/tracker': server,
    },
  },
  build: {
    outDir: 'dist',
    // The server's CSP is script-src 'self': everything must be an external file, never inline.
    assetsInlineLimit: 4096,
    rolldownOptions: {
      output: {
        // Few, cacheable chunks: on HTTP/1.1 every file costs a round trip and ~1 KB of headers, so a screen
        // made of 40 tiny chunks loses on a phone what splitting won (ADR 0016). Groups go by package and
        // folder (chunk-groups.ts, ADR 0079); screens and the signed-in layout stay lazy (routes/*/routes.tsx).
        codeSplitting: {
          // Each group holds what its rule names; a module's dependencies stay in their own groups.
          includeDependenciesRecursively: false,
          groups: chunkGroups,
        },
      },
    },
  },
});
