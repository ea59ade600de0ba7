import {
  ASSIST_SOCKET_PATH,
  LIVE_SESSIONS_EVENT,
  type LiveSession,
  liveSessionsResponse,
} from '@atrium/protocol/assist';
import { apiCall } from '@atrium/web/api/client.ts';
import { readSessionToken } from '@atrium/web/api/session-token.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';

export interface LiveFilter {
  q?: string;
  active?: '0' | '1';
  /** Learner's name or e-mail, current page (address or title), class id, browser (ADR 0065). */
  learner?: string;
  page?: string;
  class_id?: string;
  browser?: string;
}

/**
 * The live sessions list, kept current: a console socket hears a change notice whenever a learner tab or
 * an agent comes, goes or updates, and the list is read again (notices are merged by the server).
 */
export function useLiveSessions(filter: LiveFilter) {
  const client = useQueryClient();
  useEffect(() => {
    const socket = io({
      path: ASSIST_SOCKET_PATH,
      transports: ['websocket'],
      query: { identity: 'console' },
      auth: { token: readSessionToken() },
    });
    socket.on(LIVE_SESSIONS_EVENT, () => client.invalidateQueries({ queryKey: ['assist', 'live'] }));
    return () => {
      socket.disconnect();
    };
  }, [client]);
  return useQuery({
    queryKey: ['assist', 'live', filter],
    // The learner is known once the session's first batch is recorded (the server's word, ADR 0045),
    // which sends no notice: read again now and then too.
    refetchInterval: 5000,
    queryFn: async ({ signal }): Promise<LiveSession[]> =>
      liveSessionsResponse.parse(
        await apiCall('GET', '/v1/console/assist/live', { query: { ...filter, limit: 100 }, signal }),
      ).list,
  });
}
