import type { DevMailboxStatus, DevMailList } from '@atrium/protocol/dev-mail';
import { apiCall } from '@atrium/web/api/client.ts';
import { useQuery } from '@tanstack/react-query';

/** Whether this server keeps a development mailbox (development without SMTP_URL); it never changes while running. */
export function useDevMailboxEnabled(): boolean {
  const { data } = useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: ({ signal }) => apiCall<DevMailboxStatus>('GET', '/v1/dev-mailbox', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // Only a hint: if the question fails, the screen simply shows no link.
    meta: { silent: true },
  });
  return data?.enabled === true;
}

export function useDevMail() {
  return useQuery({
    queryKey: ['dev-mailbox', 'mail'],
    queryFn: ({ signal }) => apiCall<DevMailList>('GET', '/v1/dev-mailbox/mail', { signal }),
  });
}
