import type {
  FeatureFlagInput,
  FeatureFlagPatch,
  FeatureFlagView,
  StartCondition,
  StartConditionInput,
  TagSelector,
  TagSelectorInput,
  TrackerProject,
  TrackerProjectInput,
  TrackerProjectPatch,
  UxtStatus,
  UxtTestInput,
  UxtTestView,
} from '@atrium/protocol/tracker-settings';
import { apiCall } from '@atrium/web/api/client.ts';

/**
 * The tracker settings of /v1/console/ingest (admins): projects, conditions, flags, tags, usability tests.
 * Every shape is the protocol's (`@atrium/protocol/tracker-settings`, ADR 0046).
 */
const base = '/v1/console/ingest/projects';

export const settingsApi = {
  projects: (signal?: AbortSignal) => apiCall<TrackerProject[]>('GET', base, { signal }),
  createProject: (body: TrackerProjectInput) => apiCall<TrackerProject>('POST', base, { body }),
  updateProject: (id: string, body: TrackerProjectPatch) =>
    apiCall<TrackerProject>('PATCH', `${base}/${id}`, { body }),
  flags: (id: string, signal?: AbortSignal) =>
    apiCall<FeatureFlagView[]>('GET', `${base}/${id}/feature-flags`, { signal }),
  createFlag: (id: string, body: FeatureFlagInput) =>
    apiCall<FeatureFlagView>('POST', `${base}/${id}/feature-flags`, { body }),
  updateFlag: (id: string, flagId: string, body: FeatureFlagPatch) =>
    apiCall<FeatureFlagView>('PATCH', `${base}/${id}/feature-flags/${flagId}`, { body }),
  deleteFlag: (id: string, flagId: string) =>
    apiCall<void>('DELETE', `${base}/${id}/feature-flags/${flagId}`),
  tags: (id: string, signal?: AbortSignal) => apiCall<TagSelector[]>('GET', `${base}/${id}/tags`, { signal }),
  createTag: (id: string, body: TagSelectorInput) =>
    apiCall<TagSelector>('POST', `${base}/${id}/tags`, { body }),
  deleteTag: (id: string, tagId: number) => apiCall<void>('DELETE', `${base}/${id}/tags/${tagId}`),
  conditions: (id: string, signal?: AbortSignal) =>
    apiCall<StartCondition[]>('GET', `${base}/${id}/conditions`, { signal }),
  /** The whole list at once; rules read back from the server may be sent again as they are. */
  replaceConditions: (id: string, conditions: StartConditionInput[]) =>
    apiCall<StartCondition[]>('PUT', `${base}/${id}/conditions`, { body: { conditions } }),
  uxtTests: (id: string, signal?: AbortSignal) =>
    apiCall<UxtTestView[]>('GET', `${base}/${id}/uxt-tests`, { signal }),
  createUxtTest: (id: string, body: UxtTestInput) =>
    apiCall<UxtTestView>('POST', `${base}/${id}/uxt-tests`, { body }),
  setUxtStatus: (id: string, testId: number, status: UxtStatus) =>
    apiCall<UxtTestView>('PATCH', `${base}/${id}/uxt-tests/${testId}`, { body: { status } }),
};
