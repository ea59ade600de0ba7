import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// Static imports in a built chunk: `import{a as b}from"./x.js"` and `import"./x.js"` (rolldown writes them
// first, minified). Dynamic `import("./x.js")` is left out: that code loads later, when something asks.
const STATIC_IMPORT = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([\w.~-]+\.js)["']/g;

/** The files a chunk needs before it runs: itself and everything it imports statically, transitively. */
function withStaticImports(assets: string, file: string, into: Set<string>) {
  if (into.has(file)) return;
  into.add(file);
  const code = readFileSync(join(assets, file), 'utf8');
  for (const [, imported] of code.matchAll(STATIC_IMPORT))
    if (imported) withStaticImports(assets, imported, into);
}

/**
 * The scripts a browser downloads before a route of the built portal first renders: the HTML's scripts and
 * module preloads, then the chunk of the route's lazy screen (found by its source file's name, which the
 * build keeps as the chunk's name) with its static imports. Paths relative to dist/assets.
 */
export function firstLoadScripts(dist: string, screenChunk: string): string[] {
  const assets = join(dist, 'assets');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const [, src] of html.matchAll(
    /<(?:script|link rel="modulepreload")[^>]*?(?:src|href)="\/assets\/([^"]+\.js)"/g,
  ))
    if (src) withStaticImports(assets, src, files);
  // The entry names the route's chunk in its lazy import; a name that is not there is a changed router.
  const entryCode = [...files].map((f) => readFileSync(join(assets, f), 'utf8')).join('\n');
  const lazyImport = new RegExp(`import\\(["'\\x60]\\./(${screenChunk}-[\\w-]+\\.js)`);
  const screen = entryCode.match(lazyImport)?.[1];
  if (!screen) throw new Error(`no chunk ${screenChunk}-*.js is imported by the portal's entry`);
  withStaticImports(assets, screen, files);
  return [...files].sort();
}

/**
 * Bytes of a built file as the server sends it to a browser that accepts brotli: the build's `.br` copy
 * beside it when there is one (scripts/precompress.ts; @fastify/static prefers it), else the file itself.
 */
export function servedBytes(path: string): number {
  return existsSync(`${path}.br`) ? statSync(`${path}.br`).size : statSync(path).size;
}
