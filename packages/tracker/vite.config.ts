import { transformSync } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';

/**
 * Two size trims of rrweb's record bundle for the 40 KB gzip budget (the code is rrweb's otherwise unchanged):
 * - its canvas worker is embedded as an unminified string: we minify that string (~0.5 KB gzip);
 * - its per-call canvas recording (2D and WebGL call capture, used only with `sampling.canvas: 'all'`) is
 *   replaced by no-ops (~1 KB gzip): we always record canvas as FPS snapshots (`sampling.canvas: <fps>`, the
 *   server's canvasFPS), which rrweb implements separately. dom.ts must keep passing a number.
 */
function minifyRrwebWorkerString(): Plugin {
  return {
    name: 'atrium-trim-rrweb',
    transform(code, id) {
      if (!id.includes('@rrweb/record') && !id.includes('/rrweb/dist/')) return null;
      for (const fn of ['initCanvas2DMutationObserver', 'initCanvasWebGLMutationObserver']) {
        if (!code.includes(`function ${fn}(`)) continue;
        code = code.replace(`function ${fn}(`, `function unused_${fn}(`);
        code = `const ${fn} = () => () => {};\n${code}`;
      }
      const m = /const jsContent = ('(?:[^'\\]|\\.)*');/.exec(code);
      if (!m) return { code, map: null };
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
