import { readSessionToken } from '@atrium/web/api/session-token.ts';

type RouteChange = 'pushState' | 'replaceState';

/**
 * Stops recording before the route changes once the learner has signed out (the token cookie is gone), not
 * after: sign-out clears the token and goes to /login at once, while the entry check that otherwise stops the
 * tracker leaves the cache only after the signed-in layout unmounted — time in which a loaded machine's tracker
 * recorded the sign-in screen. Every route change of the SPA goes through these two calls. Returns the undo.
 */
export function stopBeforeSignedOutRoute(history: History, stop: () => void): () => void {
  const originals: Record<RouteChange, History[RouteChange]> = {
    pushState: history.pushState,
    replaceState: history.replaceState,
  };
  for (const name of ['pushState', 'replaceState'] as const) {
    const change = originals[name];
    history[name] = function (this: History, ...args: Parameters<History[RouteChange]>) {
      if (!readSessionToken()) stop();
      return change.apply(this, args);
    };
  }
  return () => {
    history.pushState = originals.pushState;
    history.replaceState = originals.replaceState;
  };
}
