import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress.ts';

// In development the API, ingest, assist relay, PeerJS and tracker bundles live on the server (port 3000);
// proxying them keeps the portal same-origin, as it is in production where the server serves dist/.
const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
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
        // made of 40 tiny chunks loses on a phone what splitting won (ADR 0016). React and the router change
        // least; the libraries of the first screen come together, form state apart from the rules; screens and
        // the signed-in layout stay lazy (routes/*/routes.tsx).
        codeSplitting: {
          // Each group holds what its test names; a module's dependencies stay in their own groups.
          includeDependenciesRecursively: false,
          groups: [
            // The tracker and its libraries load after sign-in (a dynamic import), never with the sign-in screens.
            {
              name: 'tracker',
              test: /[\\/]packages[\\/]tracker[\\/]|node_modules[\\/](@rrweb|rrweb[\w-]*|web-vitals)[\\/]/,
              priority: 4,
            },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            // Form state and fields: needed to paint a form.
            {
              name: 'forms',
              test: /node_modules[\\/]react-hook-form[\\/]|[\\/]src[\\/]components[\\/](form-field\.tsx|form[\\/](bound-field|code-field|email-field|nickname-field|password-fields|submit-form)\.tsx)$/,
              priority: 2,
            },
            // The rules (zod and the shared ones of packages/protocol): needed to check a form, which on
            // /login comes after the first paint (routes/account/use-lazy-zod-form.ts).
            {
              name: 'validation',
              test: /node_modules[\\/](@hookform|zod)[\\/]|[\\/]packages[\\/]protocol[\\/]src[\\/][a-z-]+\.ts$|[\\/]src[\\/]components[\\/]form[\\/](confirm-matches|use-zod-form)\.ts$/,
              priority: 2,
            },
            // react-bootstrap parts only signed-in screens use (modal, navbar, offcanvas, cards, lists,
            // pagination): kept out of 'base' so the sign-in screens do not download them.
            {
              name: 'ui',
              test: /node_modules[\\/]react-bootstrap[\\/]esm[\\/](Modal\w*|AbstractModalHeader|BootstrapModalManager|Navbar\w*|Nav|NavItem|NavLink|NavContext|Offcanvas\w*|Card\w*|ListGroup\w*|Pagination|PageItem|Badge|ButtonGroup|Collapse|Container)\.js$|node_modules[\\/]@restart[\\/]ui[\\/]esm[\\/](Modal|ModalManager|Nav|NavItem|NavContext|SelectableContext|TabContext|DataKey|getScrollbarWidth|Portal|useWaitForDOMRef)\.js$/,
              priority: 2,
            },
            {
              name: 'base',
              // The shared client (packages/web: HTTP client, session, toasts, i18n) and the small libraries the
              // first screen's libraries pull in (react-i18next's Trans parser, the React shims) belong here
              // too: left alone each became a file of its own, and every file costs its headers (ADR 0016).
              test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|react-lifecycles-compat|@tanstack|react-bootstrap|@restart|dom-helpers|prop-types|react-is|warning|invariant|classnames|uncontrollable|react-transition-group|@react-aria|@babel[\\/]runtime)[\\/]|[\\/](portal|web)[\\/]src[\\/](api|app|i18n)[\\/]|[\\/](portal|web)[\\/]src[\\/]components[\\/](toasts|page-title|load-failure|skeleton-lines|impersonation-banner)\.tsx/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
