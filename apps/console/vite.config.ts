import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { classicScript } from '../../scripts/classic-script.ts';
import { precompress } from '../../scripts/precompress.ts';

// In development the API and the assist relay live on the server (port 3000); proxying keeps the console
// same-origin, as it is in production where the server serves dist/ at /console/.
const server = 'http://localhost:3000';

export default defineConfig({
  // The early script asks for a page's first data while the console's own scripts load (ADR 0028).
  plugins: [
    react(),
    classicScript(fileURLToPath(new URL('src/app/early-script.ts', import.meta.url)), 'early'),
    precompress(),
  ],
  // Served under /console/ by the server, next to the portal at /.
  base: '/console/',
  envDir: fileURLToPath(new URL('../..', import.meta.url)),
  server: {
    port: 5174,
    proxy: {
      '/v1': server,
      '/ws-assist': { target: server, ws: true },
      '/peerjs': { target: server, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // The server's CSP is script-src 'self': everything must be an external file, never inline.
    assetsInlineLimit: 4096,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The replayer is heavy and only the player needs it.
            { name: 'rrweb', test: /node_modules[\\/](@rrweb|rrweb[\w-]*)[\\/]/, priority: 1 },
            // Only calls and canvas streams need PeerJS; it loads with them (load-peer.ts).
            {
              name: 'peerjs',
              test: /node_modules[\\/](peerjs|peerjs-js-binarypack|webrtc-adapter|sdp)[\\/]/,
              priority: 1,
            },
            // What the first load runs; the rest (the markdown pipeline, the forms) stays in the lazy screens' chunks.
            { name: 'vendor', test: /node_modules/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
