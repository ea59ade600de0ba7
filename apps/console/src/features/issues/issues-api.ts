import type { IssueDetail, IssueList, IssueListParams } from '@atrium/protocol/recordings';
import { apiCall } from '@atrium/web/api/client.ts';

/** The Issues staff API (ADR 0057): exceptions grouped by fingerprint; the contract is the protocol's. */
export const issuesApi = {
  list: (query: IssueListParams, signal?: AbortSignal) =>
    apiCall<IssueList>('GET', '/v1/console/issues', { query, signal }),
  detail: (fingerprint: string, signal?: AbortSignal) =>
    apiCall<IssueDetail>('GET', `/v1/console/issues/${encodeURIComponent(fingerprint)}`, { signal }),
};

/** Where an occurrence happened: its tab of the recording, opened at that moment. */
export const momentLink = (o: { session_id: string; tab_id: string; at: number }) =>
  `/sessions/${encodeURIComponent(o.session_id)}?tab=${encodeURIComponent(o.tab_id)}&at=${o.at}`;

/** A moment in the viewer's locale: date and 24-hour time. */
export const formatWhen = (ms: number, lng: string) =>
  new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short', hour12: false }).format(
    new Date(ms),
  );
