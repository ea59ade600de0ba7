import type { AuditEntry } from '@atrium/protocol/community';
import type { RecordingAuditPage, RecordingAuditParams } from '@atrium/protocol/recordings';
import { apiCall } from '@atrium/web/api/client.ts';

/** One mint, use or refusal of an impersonation (GET /v1/console/impersonation/audit, ADR 0035). */
export interface ImpersonationEvent {
  at: string;
  action: 'mint' | 'use' | 'refused';
  admin_id: string | null;
  learner_id: string | null;
  session_id: string | null;
  ip: string;
  detail: string;
}

export const AUDIT_PAGE_SIZE = 50;

/** The admins' audit trails: recording reads, impersonations, and changes through the community console. */
export const auditApi = {
  recordingReads: (query: Pick<RecordingAuditParams, 'page' | 'session_id'>, signal?: AbortSignal) =>
    apiCall<RecordingAuditPage>('GET', '/v1/console/audit', {
      query: { ...query, page_size: AUDIT_PAGE_SIZE } satisfies RecordingAuditParams,
      signal,
    }),
  impersonations: (page: number, signal?: AbortSignal) =>
    apiCall<{ total: number; entries: ImpersonationEvent[] }>('GET', '/v1/console/impersonation/audit', {
      query: { page, page_size: AUDIT_PAGE_SIZE },
      signal,
    }),
  communityChanges: (signal?: AbortSignal) =>
    apiCall<{ items: AuditEntry[] }>('GET', '/v1/console/community/audit', { signal }),
};
