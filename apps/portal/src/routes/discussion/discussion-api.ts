import type { DiscussionPost, DiscussionReply, DiscussionThread } from '@atrium/protocol/discussion';
import { apiCall } from '@atrium/web/api/client.ts';

/** Which thread: the one under a sub-chapter or the one under a task (ADR 0061). */
export type ThreadTarget =
  | { kind: 'sub_chapter'; classId: string; chapterId: string; subId: string }
  | { kind: 'task'; classId: string; taskId: string };

const e = encodeURIComponent;
const postsPath = (t: ThreadTarget) =>
  t.kind === 'task'
    ? `/v1/training-classes/${e(t.classId)}/tasks/${e(t.taskId)}/posts`
    : `/v1/training-classes/${e(t.classId)}/chapters/${e(t.chapterId)}/subchapters/${e(t.subId)}/posts`;

export const discussionApi = {
  thread: (t: ThreadTarget, page: number, signal?: AbortSignal) =>
    apiCall<DiscussionThread>('GET', `${postsPath(t)}?page=${page}`, { signal }),
  post: (t: ThreadTarget, body: string, parentId?: string) =>
    apiCall<DiscussionPost>('POST', postsPath(t), {
      body: { body, ...(parentId ? { parent_id: parentId } : {}) },
    }),
  edit: (postId: string, body: string) =>
    apiCall<DiscussionReply>('PATCH', `/v1/discussion-posts/${e(postId)}`, { body: { body } }),
  remove: (postId: string) => apiCall<void>('DELETE', `/v1/discussion-posts/${e(postId)}`),
};

export const discussionKeys = {
  thread: (t: ThreadTarget) => ['discussion', t.kind, t.kind === 'task' ? t.taskId : t.subId] as const,
};
