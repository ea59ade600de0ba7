import { useCurrentUser } from '@atrium/web/app/session.ts';

/** Agents see the community screens read-only; the server refuses their changes anyway (ADR 0025). */
export function useIsAdmin(): boolean {
  return useCurrentUser().role === 'admin';
}
