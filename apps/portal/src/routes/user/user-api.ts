import type {
  AvatarUploadResponse,
  AvatarUploadType,
  NotifyConstants,
  NotifyListResponse,
  NotifyMessage,
  PasswordChangeBody,
  Profile,
  RegisteredCourses,
} from '@atrium/protocol';
import { apiCall } from '@atrium/web/api/client.ts';

/** The profile calls of spec 1 §7, typed by the shared contract (packages/protocol/src/profile.ts). */
export const profileApi = {
  profile: (signal?: AbortSignal) => apiCall<Profile>('GET', '/v1/user/profile', { signal }),
  courses: (refresh: boolean, signal?: AbortSignal) =>
    apiCall<RegisteredCourses>('GET', '/v1/user/courses', {
      query: { refresh: refresh ? 1 : undefined },
      signal,
    }),
  nickname: (nickname: string) =>
    apiCall<Profile>('PUT', '/v1/user/profile/nickname', { body: { nickname } }),
  name: (first_name: string, last_name: string) =>
    apiCall<Profile>('POST', '/v1/user/profile/name', { body: { first_name, last_name } }),
  description: (description: string) =>
    apiCall<Profile>('PUT', '/v1/user/profile/description', { body: { description } }),
  password: (body: PasswordChangeBody) => apiCall<void>('PUT', '/v1/user/password', { body }),
  avatarUpload: (type: AvatarUploadType) =>
    apiCall<AvatarUploadResponse>('GET', `/v1/user/upload/avatar/${type}`),
  avatar: (avatar: string) => apiCall<Profile>('PUT', '/v1/user/profile/avatar', { body: { avatar } }),
};

/** The notification calls of spec 1 §7 plus mark-all-read (packages/protocol/src/notify.ts). */
export const notifyApi = {
  list: (page: number, isRead?: 0 | 1, signal?: AbortSignal) =>
    apiCall<NotifyListResponse>('GET', '/v1/notify/message/list', {
      query: { page, is_read: isRead },
      signal,
    }),
  read: (id: string) => apiCall<NotifyMessage>('PUT', `/v1/notify/message/${encodeURIComponent(id)}/read`),
  unread: (id: string) =>
    apiCall<NotifyMessage>('PUT', `/v1/notify/message/${encodeURIComponent(id)}/unread`),
  readAll: () => apiCall<{ updated: number }>('PUT', '/v1/notify/message/read-all'),
  constants: (signal?: AbortSignal) =>
    apiCall<NotifyConstants>('GET', '/v1/notify/message/constants', { signal }),
};
