import type { PublicInvitation } from '@atrium/protocol/invitations';
import type { MailPreferences, UnsubscribeResult } from '@atrium/protocol/mail-preferences';
import { apiCall } from '@atrium/web/api/client.ts';

/** Invitations read by their mailed token, mail preferences and the unsubscribe link (ADR 0063). */
export const mailApi = {
  invitation: (token: string, signal?: AbortSignal) =>
    apiCall<PublicInvitation>('GET', `/v1/invitations/${encodeURIComponent(token)}`, { signal }),
  preferences: (signal?: AbortSignal) =>
    apiCall<MailPreferences>('GET', '/v1/user/mail-preferences', { signal }),
  setPreferences: (prefs: MailPreferences) =>
    apiCall<MailPreferences>('PUT', '/v1/user/mail-preferences', { body: prefs }),
  unsubscribe: (token: string) =>
    apiCall<UnsubscribeResult>('POST', '/v1/mail/unsubscribe', { body: { token } }),
};
