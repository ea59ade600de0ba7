import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * Bundles `entry` on its own into one classic script (no imports, so nothing else to fetch first), writes it
 * under the build's assets with its content hash, and puts it first in index.html's head as `async`: it runs
 * as soon as it is in, while the app's module scripts are still arriving and compiling, which no module of
 * the app's own graph can (a module runs only once its whole graph is in). `name` names the file.
 */
export function classicScript(entry: string, name: string): Plugin {
  let fileName = '';
  let code = '';
  let base = '/';
  let assetsDir = 'assets';
  let env: Record<string, unknown> = {};
  return {
    name: 'atrium-classic-script',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      assetsDir = config.build.assetsDir;
      env = config.env;
    },
    async buildStart() {
      const out = await build({
        entryPoints: [entry],
        bundle: true,
        format: 'iife',
        minify: true,
        write: false,
        target: 'es2022',
        legalComments: 'none',
        // The same import.meta.env the app's bundle sees (e.g. VITE_COOKIE_DOMAIN, read with the cookies).
        define: { 'import.meta.env': JSON.stringify(env) },
      });
      code = out.outputFiles[0]?.text ?? '';
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      fileName = `${assetsDir}/${name}-${hash}.js`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        { tag: 'script', attrs: { async: true, src: `${base}${fileName}` }, injectTo: 'head-prepend' },
      ],
    },
  };
}
