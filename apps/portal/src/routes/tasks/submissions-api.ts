import type { SubmissionBody, TaskSubmissionList, TaskSubmitted } from '@atrium/protocol/tasks';
import { ApiError } from '@atrium/web/api/api-error.ts';
import { apiCall } from '@atrium/web/api/client.ts';
import { readSessionToken } from '@atrium/web/api/session-token.ts';
import { ensureXsrfToken, XSRF_HEADER } from '@atrium/web/api/xsrf.ts';

const submissions = (classId: string, taskId: string) =>
  `/v1/training-classes/${encodeURIComponent(classId)}/tasks/${encodeURIComponent(taskId)}/submissions`;

/** Handing in work on a task and reading what staff said about it (ADR 0055). */
export const submissionsApi = {
  list: (taskId: string, signal?: AbortSignal) =>
    apiCall<TaskSubmissionList>('GET', `/v1/tasks/${encodeURIComponent(taskId)}/submissions`, { signal }),
  submit: (classId: string, taskId: string, body: SubmissionBody) =>
    apiCall<TaskSubmitted>('POST', submissions(classId, taskId), { body }),
  /** The file's bytes as the body (the server checks them, not the label); same headers as every call. */
  async submitFile(classId: string, taskId: string, file: File): Promise<TaskSubmitted> {
    const url = new URL(`${submissions(classId, taskId)}/file`, location.origin);
    url.searchParams.set('name', file.name);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/octet-stream',
      [XSRF_HEADER]: ensureXsrfToken(),
    };
    const token = readSessionToken();
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', headers, credentials: 'include', body: file });
    } catch {
      throw new ApiError(0, 'network', '');
    }
    const data = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    if (!response.ok) throw new ApiError(response.status, data.code ?? 'http_error', data.message ?? '');
    return data as unknown as TaskSubmitted;
  },
  fileUrl: (submissionId: string) => `/v1/task-submissions/${encodeURIComponent(submissionId)}/file`,
};

export const submissionKeys = { list: (taskId: string) => ['tasks', 'submissions', taskId] as const };
