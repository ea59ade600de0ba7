import type { ConsoleDiscussionList, DiscussionReply } from '@atrium/protocol/discussion';
import { apiCall } from '@atrium/web/api/client.ts';

const base = '/v1/console/community';

/** Moderation of a class's discussion threads (ADR 0061): agents read, admins hide, pin and delete. */
export const discussionApi = {
  posts: (classId: string, page: number, show: 'all' | 'hidden', signal?: AbortSignal) =>
    apiCall<ConsoleDiscussionList>('GET', `${base}/classes/${classId}/discussion`, {
      query: { page: String(page), show },
      signal,
    }),
  hide: (postId: string, hidden: boolean) =>
    apiCall<DiscussionReply>('PUT', `${base}/discussion-posts/${postId}/hidden`, { body: { hidden } }),
  pin: (postId: string, pinned: boolean) =>
    apiCall<DiscussionReply>('PUT', `${base}/discussion-posts/${postId}/pinned`, { body: { pinned } }),
  remove: (postId: string) => apiCall<void>('DELETE', `${base}/discussion-posts/${postId}`),
};

export const discussionKeys = { posts: (classId: string) => ['community', 'discussion', classId] as const };
