import type { AuditEntry } from '@atrium/protocol/community';
import type { ImpersonationAuditPage, ImpersonationAuditQuery } from '@atrium/protocol/impersonation';
import type { RecordingAuditPage, RecordingAuditParams } from '@atrium/protocol/recordings';
import { apiCall } from '@atrium/web/api/client.ts';

export const AUDIT_PAGE_SIZE = 50;

/** The admins' audit trails: recording reads, impersonations, and changes through the community console. */
export const auditApi = {
  recordingReads: (query: Pick<RecordingAuditParams, 'page' | 'session_id'>, signal?: AbortSignal) =>
    apiCall<RecordingAuditPage>('GET', '/v1/console/audit', {
      query: { ...query, page_size: AUDIT_PAGE_SIZE } satisfies RecordingAuditParams,
      signal,
    }),
  impersonations: (page: number, signal?: AbortSignal) =>
    apiCall<ImpersonationAuditPage>('GET', '/v1/console/impersonation/audit', {
      query: { page, page_size: AUDIT_PAGE_SIZE } satisfies ImpersonationAuditQuery,
      signal,
    }),
  communityChanges: (signal?: AbortSignal) =>
    apiCall<{ items: AuditEntry[] }>('GET', '/v1/console/community/audit', { signal }),
};
