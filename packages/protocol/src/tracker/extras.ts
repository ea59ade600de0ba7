import { z } from 'zod';

/** Conditions, feature flags, tags and usability tests: paths are ours (spec §7 does not show them). */

/** POST {ingest}/v1/web/feature-flags */
export const featureFlagsRequest = z.object({
  projectID: z.string(),
  userID: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.string()),
  persistFlags: z.record(z.string(), z.unknown()).optional(),
});
export type FeatureFlagsRequest = z.infer<typeof featureFlagsRequest>;
export const featureFlag = z.object({
  key: z.string(),
  is_persist: z.boolean(),
  value: z.union([z.string(), z.boolean()]),
  payload: z.string().nullable(),
});
export type FeatureFlag = z.infer<typeof featureFlag>;
export const featureFlagsResponse = z.object({ flags: z.array(featureFlag) });
export type FeatureFlagsResponse = z.infer<typeof featureFlagsResponse>;

/** GET {ingest}/v1/web/conditions/{projectID} (Bearer) */
export const conditionFilterType = z.enum([
  'event',
  'network_request',
  'custom_event',
  'feature_flag',
  'session_duration',
  'fetch',
  'click',
]);
export type ConditionFilterType = z.infer<typeof conditionFilterType>;
export const conditionFilter = z.object({
  type: conditionFilterType,
  /** is | isNot | contains | notContains | startsWith | endsWith | isAny, or >,<,>=,<=,= for numbers */
  operator: z.string(),
  value: z.array(z.string()),
});
export type ConditionFilter = z.infer<typeof conditionFilter>;
export const condition = z.object({
  name: z.string(),
  /** 0..100: the share of matching sessions that start recording */
  capture_rate: z.number().min(0).max(100),
  filters: z.array(conditionFilter),
});
export type Condition = z.infer<typeof condition>;
export const conditionsResponse = z.object({ conditions: z.array(condition) });
export type ConditionsResponse = z.infer<typeof conditionsResponse>;

/** GET {ingest}/v1/web/tags (Bearer) */
export const tagsResponse = z.object({
  tags: z.array(z.object({ id: z.number().int(), selector: z.string() })),
});
export type TagsResponse = z.infer<typeof tagsResponse>;

/** GET {ingest}/v1/web/uxt/test/{id} (Bearer) */
export const uxtTask = z.object({
  taskId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  allowTyping: z.boolean(),
});
export type UxtTask = z.infer<typeof uxtTask>;
export const uxtTest = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  guidelines: z.string().nullable(),
  conclusion: z.string().nullable(),
  startPage: z.string(),
  tasks: z.array(uxtTask),
});
export type UxtTest = z.infer<typeof uxtTest>;
export const uxtStatus = z.enum(['begin', 'done', 'skipped']);
/** POST {ingest}/v1/web/uxt/signals/task (Bearer) */
export const uxtTaskSignal = z.object({
  testId: z.number().int(),
  taskId: z.number().int(),
  status: uxtStatus,
  answer: z.string().max(10_000).optional(),
  timestamp: z.number(),
});
export type UxtTaskSignal = z.infer<typeof uxtTaskSignal>;
/** POST {ingest}/v1/web/uxt/signals/test (Bearer) */
export const uxtTestSignal = z.object({ testId: z.number().int(), status: uxtStatus, timestamp: z.number() });
export type UxtTestSignal = z.infer<typeof uxtTestSignal>;
