import type {
  AdminCertificate,
  AdminChapter,
  AdminClass,
  AdminSubChapter,
  AdminTask,
  Attendance,
  AttendanceStatus,
  BroadcastInput,
  BroadcastView,
  ClassInput,
  ClassPatch,
  LearnerDetail,
  LearnerSummary,
  MemberReport,
  SessionInput,
  SubChapterInput,
  SubChapterPatch,
  TaskPatch,
  UserRole,
} from '@atrium/protocol/community';
import type {
  AcceptSubmissionBody,
  NewTaskBody,
  ReturnSubmissionBody,
  ReviewQueue,
  TaskSubmission,
} from '@atrium/protocol/tasks';
import type { ClassLink, ClassSession } from '@atrium/protocol/training';
import { ApiError } from '@atrium/web/api/api-error.ts';
import { apiCall } from '@atrium/web/api/client.ts';
import { readSessionToken } from '@atrium/web/api/session-token.ts';
import { ensureXsrfToken, XSRF_HEADER } from '@atrium/web/api/xsrf.ts';

const base = '/v1/console/community';
type Items<T> = { items: T[] };
type ClassMember = { user_id: string; email: string; nickname: string; joined_at: string };
type ProgressRow = {
  user_id: string;
  email: string;
  nickname: string;
  accepted_at: string | null;
  completed_at: string | null;
  review_state: 'pending' | 'returned' | 'accepted' | null;
};

/** The community console calls (/v1/console/community, ADR 0038). */
export const communityApi = {
  classes: (archived: boolean, q: string, signal?: AbortSignal) =>
    apiCall<Items<AdminClass>>('GET', `${base}/classes`, {
      query: { archived: archived ? '1' : '0', q },
      signal,
    }),
  createClass: (body: ClassInput) => apiCall<AdminClass>('POST', `${base}/classes`, { body }),
  getClass: (id: string, signal?: AbortSignal) =>
    apiCall<AdminClass>('GET', `${base}/classes/${id}`, { signal }),
  updateClass: (id: string, body: ClassPatch) =>
    apiCall<AdminClass>('PATCH', `${base}/classes/${id}`, { body }),
  copyClass: (id: string, name: string) =>
    apiCall<AdminClass>('POST', `${base}/classes/${id}/copy`, { body: { name } }),

  members: (id: string, signal?: AbortSignal) =>
    apiCall<Items<ClassMember>>('GET', `${base}/classes/${id}/members`, { signal }),
  addMembers: (id: string, emails: string[]) =>
    apiCall<MemberReport>('POST', `${base}/classes/${id}/members`, { body: { emails } }),
  importMembers: (id: string, csv: string) =>
    apiCall<MemberReport>('POST', `${base}/classes/${id}/members/import`, { body: { csv } }),
  removeMember: (id: string, userId: string) =>
    apiCall<void>('DELETE', `${base}/classes/${id}/members/${userId}`),

  links: (id: string, signal?: AbortSignal) =>
    apiCall<Items<ClassLink>>('GET', `${base}/classes/${id}/links`, { signal }),
  addLink: (id: string, body: { title: string; url: string; description: string }) =>
    apiCall<ClassLink>('POST', `${base}/classes/${id}/links`, { body }),
  updateLink: (id: string, linkId: string, body: { title?: string; url?: string; description?: string }) =>
    apiCall<ClassLink>('PATCH', `${base}/classes/${id}/links/${linkId}`, { body }),
  deleteLink: (id: string, linkId: string) =>
    apiCall<void>('DELETE', `${base}/classes/${id}/links/${linkId}`),

  outline: (id: string, signal?: AbortSignal) =>
    apiCall<{ chapters: AdminChapter[] }>('GET', `${base}/classes/${id}/outline`, { signal }),
  addChapter: (id: string, name: string) =>
    apiCall<AdminChapter>('POST', `${base}/classes/${id}/chapters`, { body: { name } }),
  updateChapter: (
    chapterId: string,
    body: { name?: string; enable?: boolean; published?: boolean; release_at?: string | null },
  ) => apiCall<AdminChapter>('PATCH', `${base}/chapters/${chapterId}`, { body }),
  deleteChapter: (chapterId: string) => apiCall<void>('DELETE', `${base}/chapters/${chapterId}`),
  orderChapters: (id: string, ids: string[]) =>
    apiCall<{ chapters: AdminChapter[] }>('PUT', `${base}/classes/${id}/chapters/order`, { body: { ids } }),
  addSubChapter: (chapterId: string, body: SubChapterInput) =>
    apiCall<AdminSubChapter>('POST', `${base}/chapters/${chapterId}/sub-chapters`, { body }),
  updateSubChapter: (subId: string, body: SubChapterPatch) =>
    apiCall<AdminSubChapter>('PATCH', `${base}/sub-chapters/${subId}`, { body }),
  deleteSubChapter: (subId: string) => apiCall<void>('DELETE', `${base}/sub-chapters/${subId}`),
  orderSubChapters: (chapterId: string, ids: string[]) =>
    apiCall<AdminChapter>('PUT', `${base}/chapters/${chapterId}/sub-chapters/order`, { body: { ids } }),

  sessions: (id: string, signal?: AbortSignal) =>
    apiCall<Items<ClassSession>>('GET', `${base}/classes/${id}/sessions`, { signal }),
  addSession: (id: string, body: SessionInput) =>
    apiCall<ClassSession>('POST', `${base}/classes/${id}/sessions`, { body }),
  updateSession: (sessionId: string, body: SessionInput) =>
    apiCall<ClassSession>('PUT', `${base}/sessions/${sessionId}`, { body }),
  deleteSession: (sessionId: string) => apiCall<void>('DELETE', `${base}/sessions/${sessionId}`),
  attendance: (sessionId: string, signal?: AbortSignal) =>
    apiCall<Attendance>('GET', `${base}/sessions/${sessionId}/attendance`, { signal }),
  markAttendance: (sessionId: string, userId: string, status: AttendanceStatus) =>
    apiCall<Attendance>('PUT', `${base}/sessions/${sessionId}/attendance/${userId}`, { body: { status } }),
  attendanceCsvUrl: (sessionId: string) => `${base}/sessions/${sessionId}/attendance.csv`,

  tasks: (id: string, signal?: AbortSignal) =>
    apiCall<Items<AdminTask>>('GET', `${base}/classes/${id}/tasks`, { signal }),
  addTask: (id: string, body: NewTaskBody) =>
    apiCall<unknown>('POST', `${base}/classes/${id}/tasks`, { body }),
  updateTask: (taskId: string, body: TaskPatch) =>
    apiCall<AdminTask>('PATCH', `${base}/tasks/${taskId}`, { body }),
  deleteTask: (taskId: string) => apiCall<void>('DELETE', `${base}/tasks/${taskId}`),
  reviews: (classId: string, signal?: AbortSignal) =>
    apiCall<ReviewQueue>('GET', `${base}/classes/${classId}/reviews`, { signal }),
  acceptSubmission: (submissionId: string, body: AcceptSubmissionBody) =>
    apiCall<TaskSubmission>('POST', `${base}/submissions/${submissionId}/accept`, { body }),
  returnSubmission: (submissionId: string, body: ReturnSubmissionBody) =>
    apiCall<TaskSubmission>('POST', `${base}/submissions/${submissionId}/return`, { body }),
  submissionFileUrl: (submissionId: string) => `${base}/submissions/${submissionId}/file`,
  taskProgress: (taskId: string, signal?: AbortSignal) =>
    apiCall<Items<ProgressRow>>('GET', `${base}/tasks/${taskId}/progress`, { signal }),

  certificates: (id: string, signal?: AbortSignal) =>
    apiCall<Items<AdminCertificate>>('GET', `${base}/classes/${id}/certificates`, { signal }),
  issueCertificates: (id: string) =>
    apiCall<{ issued: number; items: AdminCertificate[] }>('POST', `${base}/classes/${id}/certificates`),
  revokeCertificate: (id: string, certId: string) =>
    apiCall<AdminCertificate>('POST', `${base}/classes/${id}/certificates/${certId}/revoke`),

  broadcasts: (signal?: AbortSignal) =>
    apiCall<Items<BroadcastView>>('GET', `${base}/notifications`, { signal }),
  compose: (body: BroadcastInput) => apiCall<BroadcastView>('POST', `${base}/notifications`, { body }),
  cancelBroadcast: (id: string) => apiCall<void>('DELETE', `${base}/notifications/${id}`),

  learners: (q: string, page: number, role?: UserRole | 'staff', signal?: AbortSignal) =>
    apiCall<{ items: LearnerSummary[]; total: number }>('GET', `${base}/learners`, {
      query: { q, page, role },
      signal,
    }),
  learner: (userId: string, signal?: AbortSignal) =>
    apiCall<LearnerDetail>('GET', `${base}/learners/${userId}`, { signal }),
  changeLearner: (userId: string, body: { disabled?: boolean; role?: UserRole }) =>
    apiCall<LearnerSummary>('PATCH', `${base}/learners/${userId}`, { body }),
  resendVerification: (userId: string) =>
    apiCall<void>('POST', `${base}/learners/${userId}/resend-verification`),
};

/**
 * Uploads an image for course content as raw bytes; the server checks the type by content. Not through
 * apiCall, which sends JSON: the same headers by hand.
 */
export async function uploadCourseImage(file: File): Promise<{ url: string; markdown: string }> {
  const headers: Record<string, string> = { 'content-type': file.type || 'application/octet-stream' };
  headers[XSRF_HEADER] = ensureXsrfToken();
  const token = readSessionToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}/course-images`, {
    method: 'POST',
    headers,
    body: file,
    credentials: 'include',
  });
  const body = (await res.json().catch(() => ({}))) as {
    url?: string;
    markdown?: string;
    message?: string;
    code?: string;
  };
  if (!res.ok) throw new ApiError(res.status, body.code ?? 'http_error', body.message ?? '');
  return body as { url: string; markdown: string };
}
