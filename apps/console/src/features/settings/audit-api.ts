import type { AuditEntry } from '@atrium/protocol/community';
import { apiCall } from '@atrium/web/api/client.ts';

/** One read of a recording (GET /v1/console/audit, ADR 0027). */
export interface RecordingRead {
  staffId: string;
  staffEmail: string;
  sessionId: string;
  action: 'summary' | 'batches' | 'messages' | 'delete' | 'live_view' | 'tab_recording';
  at: string;
}

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
  recordingReads: (query: { page: number; sessionId?: string }, signal?: AbortSignal) =>
    apiCall<{ total: number; entries: RecordingRead[] }>('GET', '/v1/console/audit', {
      query: { ...query, pageSize: AUDIT_PAGE_SIZE },
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
