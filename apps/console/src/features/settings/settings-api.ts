import { apiCall } from '@atrium/web/api/client.ts';

/** The tracker settings of /v1/console/ingest (admins): projects, conditions, flags, tags, usability tests. */
const base = '/v1/console/ingest/projects';

export interface Project {
  id: string;
  name: string;
  key: string;
  canvasEnabled: boolean;
  canvasQuality: string;
  canvasFPS: number;
  createdAt: string;
}
export interface FeatureFlag {
  id: string;
  key: string;
  description: string;
  enabled: boolean;
  isPersist: boolean;
  rolloutPercentage: number;
  payload: string | null;
  variants: unknown[] | null;
}
export interface Tag {
  id: number;
  name: string;
  selector: string;
}
export interface ConditionRule {
  name: string;
  captureRate: number;
  filters: { type: string; operator: string; value: string[] }[];
}
export type UxtStatus = 'preview' | 'in-progress' | 'paused' | 'closed';
export interface UxtTest {
  id: number;
  title: string;
  startPage: string;
  status: UxtStatus;
  tasks: { id: number; title: string }[];
}

export const settingsApi = {
  projects: (signal?: AbortSignal) => apiCall<Project[]>('GET', base, { signal }),
  createProject: (body: { name: string; key?: string }) => apiCall<Project>('POST', base, { body }),
  updateProject: (id: string, body: { name?: string; canvasEnabled?: boolean }) =>
    apiCall<Project>('PATCH', `${base}/${id}`, { body }),
  flags: (id: string, signal?: AbortSignal) =>
    apiCall<FeatureFlag[]>('GET', `${base}/${id}/feature-flags`, { signal }),
  createFlag: (id: string, body: { key: string; description: string; rolloutPercentage: number }) =>
    apiCall<FeatureFlag>('POST', `${base}/${id}/feature-flags`, { body }),
  updateFlag: (id: string, flagId: string, body: { enabled?: boolean; rolloutPercentage?: number }) =>
    apiCall<FeatureFlag>('PATCH', `${base}/${id}/feature-flags/${flagId}`, { body }),
  deleteFlag: (id: string, flagId: string) =>
    apiCall<void>('DELETE', `${base}/${id}/feature-flags/${flagId}`),
  tags: (id: string, signal?: AbortSignal) => apiCall<Tag[]>('GET', `${base}/${id}/tags`, { signal }),
  createTag: (id: string, body: { name: string; selector: string }) =>
    apiCall<Tag>('POST', `${base}/${id}/tags`, { body }),
  deleteTag: (id: string, tagId: number) => apiCall<void>('DELETE', `${base}/${id}/tags/${tagId}`),
  conditions: (id: string, signal?: AbortSignal) =>
    apiCall<ConditionRule[]>('GET', `${base}/${id}/conditions`, { signal }),
  replaceConditions: (id: string, conditions: ConditionRule[]) =>
    apiCall<ConditionRule[]>('PUT', `${base}/${id}/conditions`, { body: { conditions } }),
  uxtTests: (id: string, signal?: AbortSignal) =>
    apiCall<UxtTest[]>('GET', `${base}/${id}/uxt-tests`, { signal }),
  createUxtTest: (id: string, body: { title: string; startPage: string; tasks: { title: string }[] }) =>
    apiCall<UxtTest>('POST', `${base}/${id}/uxt-tests`, { body }),
  setUxtStatus: (id: string, testId: number, status: UxtStatus) =>
    apiCall<UxtTest>('PATCH', `${base}/${id}/uxt-tests/${testId}`, { body: { status } }),
};
