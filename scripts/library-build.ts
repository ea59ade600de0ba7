import type { BuildOptions } from 'vite';

/**
 * The build both browser packages (tracker, tracker-assist) share: `vite build` → dist/index.js (ESM),
 * `vite build --mode iife` → dist/<file> (standalone script, global `<name>`), with source maps, into a dist/
 * the other mode's output stays in.
 */
export function libraryBuild(mode: string, iife: { name: string; fileName: string }): BuildOptions {
  return {
    target: 'es2022',
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    lib:
      mode === 'iife'
        ? { entry: 'src/iife.ts', formats: ['iife'], name: iife.name, fileName: () => iife.fileName }
        : { entry: 'src/index.ts', formats: ['es'], fileName: () => 'index.js' },
  };
}
