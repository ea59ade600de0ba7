import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API, ingest, assist relay, PeerJS and tracker bundles live on the server (port 3000);
// proxying them keeps the portal same-origin, as it is in production where the server serves dist/.
const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // One .env at the repository's root serves the server and the portal build (VITE_* variables).
  envDir: fileURLToPath(new URL('../..', import.meta.url)),
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
        // Libraries change less often than our screens: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The tracker and its libraries load after sign-in (a dynamic import), never with the sign-in screens.
            {
              name: 'tracker',
              test: /[\\/]packages[\\/]tracker[\\/]|node_modules[\\/](@rrweb|rrweb[\w-]*|web-vitals)[\\/]/,
              priority: 1,
            },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
});
