import type { Profile } from '@atrium/protocol';
import { entryQueryKey } from '@atrium/web/app/session.ts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { notifyApi, profileApi } from './user-api.ts';

export const profileQueryKey = ['user', 'profile'] as const;
/** Every notification query starts with this key, so one invalidation refreshes lists and the badge. */
export const notifyQueryKey = ['notify'] as const;

/** Spec 1 §4: the unread count is the total of page 1 of the unread list, polled. */
export const UNREAD_POLL_MS = 30_000;

/** Spec 1 §8: a failed profile load is toasted with its status code. */
export function useProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => profileApi.profile(signal),
    meta: { withStatus: true },
  });
}

export function useUnreadCount(): number | undefined {
  const { data } = useQuery({
    queryKey: [...notifyQueryKey, 'list', 1, 0],
    queryFn: ({ signal }) => notifyApi.list(1, 0, signal),
    refetchInterval: UNREAD_POLL_MS,
    // A failed poll is not worth a toast every 30 s; the badge simply keeps its last value.
    meta: { silent: true },
  });
  return data?.total;
}

/**
 * After a profile change: the profile screen and the navbar (which reads the entry check) show it at once,
 * and both are fetched again to stay true.
 */
export function profileChanged(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData(profileQueryKey, profile);
  queryClient.setQueryData(entryQueryKey, (entry: { user: object } | undefined) =>
    entry ? { ...entry, user: { ...entry.user, nickname: profile.nickname, avatar: profile.avatar } } : entry,
  );
  void queryClient.invalidateQueries({ queryKey: entryQueryKey });
}
