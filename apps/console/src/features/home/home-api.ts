import type { LiveSession } from '@atrium/protocol/assist';
import type { ReviewOverview, TodaySessions } from '@atrium/protocol/progress';
import type { IssueList } from '@atrium/protocol/recordings';
import { apiCall } from '@atrium/web/api/client.ts';

/**
 * The console home's four reads (ADR 0062), each its own call so one slow or refused block leaves the others
 * standing. Learners online and recent errors are the live-assist and Issues screens' own calls.
 */
export const homeApi = {
  todaySessions: (signal?: AbortSignal) =>
    apiCall<TodaySessions>('GET', '/v1/console/community/sessions/today', { signal }),
  reviews: (signal?: AbortSignal) =>
    apiCall<ReviewOverview>('GET', '/v1/console/community/reviews/overview', { signal }),
  online: (signal?: AbortSignal) =>
    apiCall<{ list: LiveSession[] }>('GET', '/v1/console/assist/live', { query: { limit: 200 }, signal }),
  recentErrors: (signal?: AbortSignal) =>
    apiCall<IssueList>('GET', '/v1/console/issues', { query: { days: 1, page_size: 5 }, signal }),
};
