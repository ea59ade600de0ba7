import { apiCall } from '@atrium/web/api/client.ts';

/** A recorded session as the console lists it (GET /v1/console/sessions). */
export interface SessionRow {
  id: string;
  /** The id the page claimed; `verifiedUserId` is the learner the server verified (ADR 0045). */
  userId: string | null;
  verifiedUserId: string | null;
  learnerEmail: string | null;
  learnerNickname: string | null;
  userBrowser: string;
  userOS: string;
  userDevice: string;
  userCountry: string;
  userState: string;
  userCity: string;
  timezone: string;
  width: number;
  height: number;
  url: string;
  trackerVersion: string;
  startedAt: string;
  ended: boolean;
  /** Recorded while an admin viewed the portal as this learner (ADR 0035), not the learner's own visit. */
  impersonated: boolean;
  durationMs: number;
  pages: number;
  clicks: number;
  errors: number;
  failedRequests: number;
  bytes: number;
}
export interface SessionDetail extends SessionRow {
  tabs: string[];
}
export interface SessionPage {
  total: number;
  page: number;
  pageSize: number;
  sessions: SessionRow[];
}

/** The search's query parameters; empty values are left out of the call. */
export type SessionQuery = Record<string, string | number | undefined>;

export const sessionsApi = {
  search: (query: SessionQuery, signal?: AbortSignal) =>
    apiCall<SessionPage>('GET', '/v1/console/sessions', { query, signal }),
  detail: (id: string, signal?: AbortSignal) =>
    apiCall<SessionDetail>('GET', `/v1/console/sessions/${encodeURIComponent(id)}`, { signal }),
  remove: (id: string) => apiCall<void>('DELETE', `/v1/console/sessions/${encodeURIComponent(id)}`),
};
