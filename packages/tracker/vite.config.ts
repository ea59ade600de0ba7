import { transformSync } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';

/**
 * rrweb embeds its canvas worker as an unminified string (comments, indentation, a source-map comment);
 * minifying that string saves ~0.5 KB gzip of the 40 KB budget. The code is rrweb's, unchanged.
 */
function minifyRrwebWorkerString(): Plugin {
  return {
    name: 'atrium-minify-rrweb-worker',
    transform(code, id) {
      if (!id.includes('@rrweb/record') && !id.includes('/rrweb/dist/')) return null;
      const m = /const jsContent = ('(?:[^'\\]|\\.)*');/.exec(code);
      if (!m) return null;
      const source = JSON.parse(
        `"${m[1]!.slice(1, -1).replace(/"/g, '\\"').replace(/\\'/g, "'")}"`,
      ) as string;
      const min = transformSync(source.replace(/\/\/# sourceMappingURL=.*$/m, ''), { minify: true }).code;
      return { code: code.replace(m[0], `const jsContent = ${JSON.stringify(min)};`), map: null };
    },
  };
}

// `vite build` → dist/index.js (ESM); `vite build --mode iife` → dist/tracker.js (standalone, global
// `AtriumTracker`). The upload worker is no separate file: it is built from workerMain's source at runtime.
export default defineConfig(({ mode }) => ({
  plugins: [minifyRrwebWorkerString()],
  build: {
    target: 'es2022',
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    lib:
      mode === 'iife'
        ? {
            entry: 'src/iife.ts',
            formats: ['iife'],
            name: 'AtriumTrackerBundle',
            fileName: () => 'tracker.js',
          }
        : { entry: 'src/index.ts', formats: ['es'], fileName: () => 'index.js' },
  },
}));
