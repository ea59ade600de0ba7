import type { InvitationList, InvitationView } from '@atrium/protocol/invitations';
import { apiCall } from '@atrium/web/api/client.ts';

const base = '/v1/console/community';

/** A class's invitations (ADR 0063); they are made by adding members whose address has no account. */
export const invitationsApi = {
  list: (classId: string, signal?: AbortSignal) =>
    apiCall<InvitationList>('GET', `${base}/classes/${classId}/invitations`, { signal }),
  resend: (classId: string, invitationId: string) =>
    apiCall<InvitationView>('POST', `${base}/classes/${classId}/invitations/${invitationId}/resend`),
  revoke: (classId: string, invitationId: string) =>
    apiCall<void>('DELETE', `${base}/classes/${classId}/invitations/${invitationId}`),
};
