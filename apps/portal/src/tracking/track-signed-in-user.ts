import type { AccountUser } from '@atrium/protocol';
import { readSessionToken } from '@atrium/web/api/session-token.ts';
import { entryQueryKey } from '@atrium/web/app/session.ts';
import type { Query, QueryClient } from '@tanstack/react-query';
import { impersonationDeadline } from '../app/impersonation.ts';
import { startTracking, stopTracking } from './portal-tracking.ts';
import { stopBeforeSignedOutRoute } from './stop-before-sign-out.ts';

/**
 * Who should be recorded, given the entry check: a learner's id, nobody (null), or no change (undefined).
 * A missing entry means signed out only when the token cookie is gone too: the cache also drops an unused
 * entry after a while (a signed-in learner resting on a public page), and that is no reason to stop.
 */
export function trackingTarget(
  entry: Pick<Query, 'state'> | undefined,
  hasSessionToken: boolean,
): string | null | undefined {
  if (!entry) return hasSessionToken ? undefined : null;
  const { status, data } = entry.state;
  if (status === 'error') return null;
  if (status !== 'success') return undefined;
  const user = (data as { user?: AccountUser } | undefined)?.user;
  // The portal records its learners; staff who open it are not the people it is for.
  return user?.role === 'learner' ? user.id : null;
}

/**
 * Follows the entry check in the query cache: recording starts once it succeeded for a learner and stops
 * when it fails or is dropped (sign-out clears the cache, a new sign-in replaces it), and before any route
 * change once signed out. Returns the undo.
 */
export function trackSignedInUser(queryClient: QueryClient): () => void {
  const cache = queryClient.getQueryCache();
  const apply = () => {
    const entry = cache.find({ queryKey: entryQueryKey, exact: true });
    const target = trackingTarget(entry, Boolean(readSessionToken()));
    if (target === undefined) return;
    if (target === null) stopTracking();
    else startTracking(target, impersonationDeadline() !== null);
  };
  apply();
  const unsubscribe = cache.subscribe((event) => {
    if (event.query.queryKey[0] === entryQueryKey[0]) apply();
  });
  // The cache hears of a sign-out only after the route changed: the route change itself stops recording first.
  const unguard = stopBeforeSignedOutRoute(window.history, stopTracking);
  return () => {
    unsubscribe();
    unguard();
  };
}
