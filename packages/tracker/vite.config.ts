import { writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { transformSync } from 'esbuild';
import { minify } from 'terser';
import { defineConfig, type Plugin } from 'vite';
import { libraryBuild } from '../../scripts/library-build.ts';

/**
 * Size trims of rrweb's record bundle for the 40 KB gzip budget (the code is rrweb's otherwise unchanged):
 * - its canvas worker is embedded as an unminified string: we minify that string (~0.5 KB gzip);
 * - its per-call canvas recording (2D and WebGL call capture, used only with `sampling.canvas: 'all'`) is
 *   replaced by no-ops (~1 KB gzip): we always record canvas as FPS snapshots (`sampling.canvas: <fps>`, the
 *   server's canvasFPS), which rrweb implements separately. dom.ts must keep passing a number;
 * - code for options dom.ts never sets goes: the pointer-move observer (`sampling.mousemove: false`), image
 *   inlining (`inlineImages`), the replayer's virtual-DOM base class (only ever tested with `instanceof`, and
 *   no virtual node reaches a recorder) and the deprecated global mirror with its warnings.
 * The version is pinned: a trim that no longer finds its text fails the build rather than passing silently.
 */
/** Replaces the text from `start` up to `end` (exclusive; or to the end of the top-level block) with `by`. */
function cut(code: string, start: string, by: string, end?: string): string {
  const i = code.indexOf(start);
  const j = end === undefined ? code.indexOf('\n}\n', i) + 3 : code.indexOf(end, i);
  if (i < 0 || j < i) throw new Error(`rrweb trim: "${start}" not found (was @rrweb/record upgraded?)`);
  return code.slice(0, i) + by + code.slice(j);
}

const SLIM_DOM = `function slimDOMExcluded(sn, o) {
  if (sn.type === NodeType.Comment) return !!o.comment;
  if (sn.type !== NodeType.Element) return false;
  const t = sn.tagName, a = sn.attributes, rel = a.rel, name = lowerIfExists(a.name);
  if (o.script && (t === "script" || t === "link" && (rel === "preload" && a.as === "script" ||
    rel === "modulepreload" || rel === "prefetch" && typeof a.href === "string" && extractFileExtension(a.href) === "js")))
    return true;
  if (o.headFavicon && (t === "link" && rel === "shortcut icon" || t === "meta" &&
    (/^msapplication-tile(image|color)$/.test(name) || name === "application-name" ||
    /^(icon|apple-touch-icon|shortcut icon)$/.test(lowerIfExists(rel)))))
    return true;
  return t === "meta" && !!o.headMetaVerification &&
    /^(google-site-verification|yandex-verification|csrf-token|p:domain_verify|verify-v1|verification|shopify-checkout-api-token)$/.test(name);
}
`;

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
      if (code.includes('class BaseRRNode {')) {
        code = cut(
          code,
          'function initMoveObserver({',
          'function initMoveObserver() {\n  return () => {};\n}\n',
        );
        code = cut(code, 'if (tagName === "img" && inlineImages) {', '', '\n  if (["audio", "video"]');
        code = cut(code, 'class BaseRRNode {', 'class BaseRRNode {\n}\n');
        code = cut(code, 'const DEPARTED_MIRROR_ACCESS_WARNING', '', 'function throttle(');
        // Slim DOM for the four options dom.ts sets (script, comment, headFavicon, headMetaVerification), same
        // answers; rrweb's other slimming branches are for options we never set.
        code = cut(code, 'function slimDOMExcluded(sn, slimDOMOptions) {', SLIM_DOM);
        // rrweb's hooks option (callbacks run before its own): never passed, so the callbacks stay as they are.
        code = cut(code, 'function mergeHooks(o, hooks) {', 'function mergeHooks() {\n}\n');
        // dom.ts always passes slimDOMOptions as an object: the `true`/'all' presets go.
        code = cut(
          code,
          'function slimDOMDefaults(_slimDOMOptions) {',
          'function slimDOMDefaults(o) {\n  return o || {};\n}\n',
        );
        // rrweb's own checkouts (checkoutEveryNth/Nms): dom.ts never sets them, its checkpoints call
        // takeFullSnapshot itself, so counting events towards one is dead code.
        code = cut(
          code,
          '    if (e.type === EventType.FullSnapshot) {\n      lastFullSnapshotEvent = e;',
          '  };\n',
          '  const wrappedMutationEmit = ',
        );
        // rrweb's custom events and page freezing: never called (our custom events are tracker messages).
        code = cut(code, 'record.addCustomEvent = (tag, payload) => {', '', 'record.takeFullSnapshot = ');
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

/**
 * A second minifying pass with terser over the finished bundle: it folds what the first pass leaves (~1.2 KB
 * gzip of the budget), with the source map carried through so profiles still name our functions.
 */
function terserPass(): Plugin {
  // The bundler writes the map it made before this pass: ours replaces it once the files are out.
  const maps = new Map<string, string>();
  let outDir = 'dist';
  return {
    name: 'atrium-terser-pass',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const out = await minify(chunk.code, {
          ecma: 2020,
          compress: { passes: 3, pure_getters: true, unsafe_arrows: true, unsafe_methods: true },
          mangle: true,
          format: { comments: false },
          sourceMap: chunk.map
            ? { content: JSON.stringify(chunk.map), url: `${basename(chunk.fileName)}.map` }
            : false,
        });
        if (out.code) chunk.code = out.code;
        if (typeof out.map === 'string') maps.set(`${chunk.fileName}.map`, out.map);
      }
    },
    writeBundle() {
      for (const [file, map] of maps) writeFileSync(resolve(outDir, file), map);
    },
  };
}

// `vite build` → dist/index.js (ESM); `vite build --mode iife` → dist/tracker.js (standalone, global
// `AtriumTracker`). The upload worker is no separate file: it is built from workerMain's source at runtime.
export default defineConfig(({ mode }) => ({
  plugins: [minifyRrwebWorkerString(), terserPass()],
  build: libraryBuild(mode, { name: 'AtriumTrackerBundle', fileName: 'tracker.js' }),
}));
