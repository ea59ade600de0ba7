import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { ConsoleFeature } from './console-feature.ts';

/**
 * A route whose screen's code loads with the route's first visit (or when the browser is idle: the console
 * layout prefetches every lazy screen), in a chunk of its own feature. A replay's first open then fetches,
 * compiles and runs none of the screens it never shows (ADR 0028). The router loads the screen before it
 * leaves the previous one, so no fallback flashes.
 */
export function lazyScreen(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

/** The loaders of the lazy screens `role` may open: what the console prefetches once the browser is idle. */
export function lazyScreenLoaders(features: ConsoleFeature[], role: string): (() => Promise<unknown>)[] {
  return features
    .filter((feature) => !feature.adminOnly || role === 'admin')
    .flatMap((feature) => feature.routes)
    .flatMap((route) => (typeof route.lazy === 'function' ? [route.lazy as () => Promise<unknown>] : []));
}
