import type { AccountUser, SignedIn } from '@atrium/protocol';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { accountApi } from '../api/account.ts';

export const entryQueryKey = ['entry'] as const;

/**
 * Spec 1 §4: the session check. Its failure is not toasted: the gate sends the user to /login.
 * `enabled: false` skips the call (the sign-in screen asks only when a token cookie exists).
 */
export function useEntry(enabled = true) {
  return useQuery({
    queryKey: entryQueryKey,
    enabled,
    queryFn: ({ signal }) => accountApi.entry(signal),
    meta: { silent: true },
    retry: false,
    staleTime: 60_000,
  });
}

/** The signed-in user; only valid under the session gate, which renders nothing until entry succeeded. */
export function useCurrentUser(): AccountUser {
  const { data } = useEntry();
  if (!data) throw new Error('useCurrentUser outside the session gate');
  return data.user;
}

/**
 * After any sign-in the server has set the token cookie. Whatever an earlier session loaded is dropped (it may
 * have been another user's), and the entry cache is seeded so the gate opens at once.
 */
export function rememberSignIn(queryClient: QueryClient, result: SignedIn): void {
  queryClient.removeQueries();
  queryClient.setQueryData(entryQueryKey, { user: result.user });
}
