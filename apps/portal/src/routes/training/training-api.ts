import type { MyTaskBoard, TaskBoard, TaskChanged, TaskList, TaskView } from '@atrium/protocol/tasks';
import type {
  CalendarFeed,
  Certificate,
  CertificateVerification,
  CheckInState,
  ClassCalendar,
  ClassLink,
  ClassList,
  SubChapterView,
  TaskProgress,
  TrainingClass,
} from '@atrium/protocol/training';
import { apiCall } from '@atrium/web/api/client.ts';

const cls = (id: string) => `/v1/training-classes/${encodeURIComponent(id)}`;
const previewValue = (preview: boolean) => (preview ? '1' : '0');

/** The training-class calls of spec 1 §7 (shapes: packages/protocol/src/training.ts and tasks.ts). */
export const trainingApi = {
  classes: (page: number, signal?: AbortSignal) =>
    apiCall<ClassList>('GET', '/v1/training-classes/', { query: { page }, signal }),
  class: (id: string, preview: boolean, signal?: AbortSignal) =>
    apiCall<TrainingClass>('GET', cls(id), { query: { preview: previewValue(preview) }, signal }),
  subChapter: (id: string, chapterId: string, subId: string, preview: boolean, signal?: AbortSignal) =>
    apiCall<SubChapterView>(
      'GET',
      `${cls(id)}/chapters/${encodeURIComponent(chapterId)}/subchapters/${encodeURIComponent(subId)}`,
      { query: { preview: previewValue(preview) }, signal },
    ),
  checkInState: (id: string, signal?: AbortSignal) =>
    apiCall<CheckInState>('GET', `${cls(id)}/check-in`, { signal }),
  checkIn: (id: string) => apiCall<CheckInState>('POST', `${cls(id)}/check-in`),
  calendar: (id: string, signal?: AbortSignal) =>
    apiCall<ClassCalendar>('GET', `${cls(id)}/calendar`, { signal }),
  links: (id: string, signal?: AbortSignal) =>
    apiCall<{ items: ClassLink[] }>('GET', `${cls(id)}/links`, { signal }),
  certificates: (id: string, signal?: AbortSignal) =>
    apiCall<{ items: Certificate[] }>('GET', `${cls(id)}/certificates`, { signal }),
  verifyCertificate: (verificationId: string, signal?: AbortSignal) =>
    apiCall<CertificateVerification>('GET', `/v1/certificates/verify/${encodeURIComponent(verificationId)}`, {
      signal,
    }),
  rotateCalendarFeed: () => apiCall<CalendarFeed>('POST', '/v1/calendar/feed'),
  revokeCalendarFeed: () => apiCall<void>('DELETE', '/v1/calendar/feed'),

  classTasks: (id: string, preview: boolean, signal?: AbortSignal) =>
    apiCall<TaskList>('GET', `${cls(id)}/tasks`, { query: { preview: previewValue(preview) }, signal }),
  classBoard: (id: string, preview: boolean, signal?: AbortSignal) =>
    apiCall<TaskBoard>('GET', `${cls(id)}/tasks/board`, {
      query: { preview: previewValue(preview) },
      signal,
    }),
  classProgress: (id: string, signal?: AbortSignal) =>
    apiCall<TaskProgress>('GET', `${cls(id)}/tasks/progress`, { signal }),
  myClassBoard: (id: string, signal?: AbortSignal) =>
    apiCall<MyTaskBoard>('GET', `${cls(id)}/tasks/accepted/board`, { signal }),
  acceptTask: (classId: string, taskId: string) =>
    apiCall<TaskChanged>('POST', `${cls(classId)}/tasks/accept`, { body: { task_id: taskId } }),
  completeTask: (classId: string, taskId: string) =>
    apiCall<TaskChanged>('POST', `${cls(classId)}/tasks/completed`, { body: { task_id: taskId } }),
  allTasksBoard: (signal?: AbortSignal) => apiCall<TaskBoard>('GET', '/v1/tasks/board', { signal }),
  task: (taskId: string, signal?: AbortSignal) =>
    apiCall<TaskView>('GET', `/v1/tasks/${encodeURIComponent(taskId)}`, { signal }),
};

/** Query keys: everything under 'training' / 'tasks' is refreshed after a task or check-in changes. */
export const trainingKeys = {
  all: ['training'] as const,
  classes: (page: number) => ['training', 'classes', page] as const,
  class: (id: string, preview: boolean) => ['training', 'class', id, preview] as const,
  /** Spec 1 §2: sub-chapter content is cached per chapter_subchapter key. */
  subChapter: (id: string, key: string, preview: boolean) =>
    ['training', 'content', id, key, preview] as const,
  checkIn: (id: string) => ['training', 'check-in', id] as const,
  calendar: (id: string) => ['training', 'calendar', id] as const,
  links: (id: string) => ['training', 'links', id] as const,
  certificates: (id: string) => ['training', 'certificates', id] as const,
};
export const taskKeys = {
  all: ['tasks'] as const,
  board: ['tasks', 'board'] as const,
  classBoard: (id: string, preview: boolean) => ['tasks', 'class', id, preview] as const,
  task: (id: string) => ['tasks', 'one', id] as const,
};
