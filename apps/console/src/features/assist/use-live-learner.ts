import { type LiveSession, liveSessionsResponse } from '@atrium/protocol/assist';
import { apiCall } from '@atrium/web/api/client.ts';
import { useQuery } from '@tanstack/react-query';

const LEARNER_RETRY_MS = 5_000;

/**
 * The learner of the live session shown, as the live list has it (the server's verified learner, never the
 * page's claim): `undefined` while unknown, `null` for a visitor no signed-in user vouched for. The list's
 * search matches the session id; the exact one is picked.
 */
export function useLiveLearner(sessionId: string) {
  const q = useQuery<LiveSession | null>({
    queryKey: ['assist', 'learner', sessionId],
    enabled: sessionId !== '',
    staleTime: 60_000,
    // The server learns who the learner is from the portal's signed assertion, which may follow the
    // tab's arrival: asked again until it names someone (a visitor stays unnamed, at a slow pace).
    refetchInterval: (query) => (query.state.data?.learner ? false : LEARNER_RETRY_MS),
    queryFn: async ({ signal }) => {
      const { list } = liveSessionsResponse.parse(
        await apiCall('GET', '/v1/console/assist/live', { query: { q: sessionId, limit: 200 }, signal }),
      );
      return list.find((s) => s.sessionId === sessionId) ?? null;
    },
  });
  if (!q.data) return undefined; // loading, failed, or the learner is not live (yet)
  return q.data.learner;
}
