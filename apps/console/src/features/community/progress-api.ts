import type {
  ClassProgressQuery,
  ClassProgressReport,
  LearnerProgress,
  ProgressSort,
} from '@atrium/protocol/progress';
import { apiCall } from '@atrium/web/api/client.ts';

const base = '/v1/console/community';

/** The progress reports' staff API (ADR 0062); the contract is the protocol's. */
export const progressApi = {
  classReport: (classId: string, query: ClassProgressQuery, signal?: AbortSignal) =>
    apiCall<ClassProgressReport>('GET', `${base}/classes/${classId}/progress`, { query, signal }),
  /** The CSV is a plain download: the browser sends the sign-in cookie like for the attendance CSV. */
  classCsvUrl: (classId: string, sort: ProgressSort, order: 'asc' | 'desc') =>
    `${base}/classes/${classId}/progress.csv?${new URLSearchParams({ sort, order })}`,
  learner: (userId: string, signal?: AbortSignal) =>
    apiCall<LearnerProgress>('GET', `${base}/learners/${userId}/progress`, { signal }),
};
