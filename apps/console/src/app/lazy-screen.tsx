import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { ConsoleFeature } from './console-feature.ts';
import { ScreenLoadError } from './screen-load-error.tsx';
import { ScreenLoading } from './screen-loading.tsx';

/**
 * A route whose screen's code loads with the route's first visit (or as soon as the pointer rests on its
 * navigation entry: `preloadScreen`), in a chunk of its own feature. A replay's first open then fetches,
 * compiles and runs none of the screens it never shows (ADR 0028). The router loads the screen before it
 * leaves the previous one, so no fallback flashes. A screen whose code cannot load is `ScreenLoadError` until
 * the page reloads: React Router keeps a route whose `lazy` failed as "still loading" and draws nothing under
 * the layout, so the failure is caught here rather than left to the route's error element (which catches a
 * screen that fails while drawing).
 */
export function lazyScreen(
  load: () => Promise<ComponentType>,
): Pick<RouteObject, 'lazy' | 'errorElement' | 'hydrateFallbackElement'> {
  return {
    lazy: async () => ({ Component: await load().catch(() => ScreenLoadError) }),
    errorElement: <ScreenLoadError />,
    // Opened by its address, the screen's place says it is loading, under the console's frame.
    hydrateFallbackElement: <ScreenLoading />,
  };
}

/**
 * Starts loading the screen of navigation entry `to`, if it is a lazy one (a screen already in is not loaded
 * again): the navigation calls it when the pointer rests on an entry or the keyboard reaches it, so the screen is
 * usually in by the click. Not when the browser is idle: on a replay's first open it is idle while it waits for
 * the recording, and evaluating every screen then would hold up the first frame.
 */
export function preloadScreen(features: ConsoleFeature[], to: string): void {
  for (const route of features.flatMap((feature) => feature.routes))
    if (route.path === to && typeof route.lazy === 'function') void route.lazy().catch(() => {});
}
