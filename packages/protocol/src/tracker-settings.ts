import { z } from 'zod';
import { conditionFilter } from './tracker/extras.ts';
import { canvasQuality } from './tracker/start.ts';

/**
 * The admins' staff API that sets up tracker projects and what their trackers fetch
 * (/v1/console/ingest/projects/…; ADR 0005, 0046): projects, conditional-start rules, feature flags, tag
 * selectors, usability tests and their signals. Ours, so snake_case; what the tracker itself reads of these
 * settings (/ingest/v1/web/…, `tracker/`) keeps the spec's names, e.g. `canvasFPS` in the start response.
 * The console checks its forms with these same schemas, so a rule never exists twice.
 */

/** An empty PATCH names nothing to change: the caller's mistake, like every other PATCH. */
const changesSomething = [
  (patch: Record<string, unknown>) => Object.values(patch).some((v) => v !== undefined),
  { message: '沒有要變更的欄位' },
] as const;

/** A share of visitors, in whole percent. */
export const percentage = z.number().int().min(0).max(100);

/** The public key a project's tracker sends. */
export const trackerProjectKey = z.string().regex(/^[a-zA-Z0-9_-]{3,64}$/, '3–64 個英數字、- 或 _');

/** `/projects/:projectId` (path parameter names are not on the wire; they read like the rest of the package). */
export const trackerProjectParams = z.object({ projectId: z.uuid() });

export const trackerProjectInput = z.object({
  name: z.string().trim().min(1).max(100),
  key: trackerProjectKey.optional(),
  canvas_enabled: z.boolean().optional(),
  canvas_quality: canvasQuality.optional(),
  canvas_fps: z.number().int().min(1).max(30).optional(),
});
export type TrackerProjectInput = z.infer<typeof trackerProjectInput>;
export const trackerProjectPatch = trackerProjectInput
  .omit({ key: true })
  .partial()
  .refine(...changesSomething);
export type TrackerProjectPatch = z.infer<typeof trackerProjectPatch>;
export const trackerProject = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  canvas_enabled: z.boolean(),
  canvas_quality: canvasQuality,
  canvas_fps: z.number(),
  created_at: z.string(),
});
export type TrackerProject = z.infer<typeof trackerProject>;

/** One value a condition's filter compares with. */
export const conditionValue = z.string().max(500);
/** A conditional-start rule: the tracker starts recording a matching visit at `capture_rate` percent. */
export const startConditionInput = z.object({
  name: z.string().trim().min(1).max(100),
  capture_rate: percentage,
  filters: z.array(conditionFilter.extend({ value: z.array(conditionValue).max(50) })).max(20),
});
export type StartConditionInput = z.infer<typeof startConditionInput>;
/** PUT …/conditions: the whole list at once (its order is the order the tracker tries them). */
export const startConditionsInput = z.object({ conditions: z.array(startConditionInput).max(50) });
export type StartConditionsInput = z.infer<typeof startConditionsInput>;
export const startCondition = startConditionInput.extend({ id: z.string() });
export type StartCondition = z.infer<typeof startCondition>;

const flagVariant = z.object({
  value: z.string().trim().min(1).max(100),
  rollout_percentage: percentage,
  payload: z.string().max(10_000).nullable(),
});
/** Each field of a flag as staff set it (the console checks its inputs with these). */
export const featureFlagFields = {
  description: z.string().max(500),
  enabled: z.boolean(),
  is_persist: z.boolean(),
  rollout_percentage: percentage,
  payload: z.string().max(10_000).nullable(),
  variants: z
    .array(flagVariant)
    .min(2)
    .max(20)
    .refine((vs) => vs.reduce((sum, v) => sum + v.rollout_percentage, 0) === 100, '各版本比例總和須為 100')
    .nullable(),
};
export const featureFlagKey = z.string().regex(/^[a-zA-Z0-9_.-]{1,100}$/);
export const featureFlagParams = trackerProjectParams.extend({ flagId: z.uuid() });
export const featureFlagInput = z.object({
  key: featureFlagKey,
  description: featureFlagFields.description.default(''),
  enabled: featureFlagFields.enabled.default(true),
  is_persist: featureFlagFields.is_persist.default(false),
  rollout_percentage: featureFlagFields.rollout_percentage.default(100),
  payload: featureFlagFields.payload.default(null),
  variants: featureFlagFields.variants.default(null),
});
/** What a client sends (defaults may be left out); what the server stores. */
export type FeatureFlagInput = z.input<typeof featureFlagInput>;
export type FeatureFlagValues = z.infer<typeof featureFlagInput>;
/** No defaults here: a field left out of a change stays as it is. */
export const featureFlagPatch = z
  .object(featureFlagFields)
  .partial()
  .refine(...changesSomething);
export type FeatureFlagPatch = z.infer<typeof featureFlagPatch>;
export const featureFlagView = z.object({ id: z.string(), key: featureFlagKey, ...featureFlagFields });
export type FeatureFlagView = z.infer<typeof featureFlagView>;

export const tagSelectorInput = z.object({
  name: z.string().trim().min(1).max(100),
  selector: z.string().trim().min(1).max(500),
});
export type TagSelectorInput = z.infer<typeof tagSelectorInput>;
export const tagSelector = tagSelectorInput.extend({ id: z.number() });
export type TagSelector = z.infer<typeof tagSelector>;
export const tagSelectorParams = trackerProjectParams.extend({
  tagId: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const uxtStatus = z.enum(['preview', 'in-progress', 'paused', 'closed']);
export type UxtStatus = z.infer<typeof uxtStatus>;
export const uxtTestInput = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().max(5000).nullable().default(null),
  guidelines: z.string().max(5000).nullable().default(null),
  conclusion: z.string().max(5000).nullable().default(null),
  start_page: z.string().trim().min(1).max(2000),
  status: uxtStatus.default('in-progress'),
  tasks: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(200),
        description: z.string().max(5000).nullable().default(null),
        allow_typing: z.boolean().default(false),
      }),
    )
    .min(1)
    .max(50),
});
/** What a client sends (defaults may be left out); what the server stores. */
export type UxtTestInput = z.input<typeof uxtTestInput>;
export type UxtTestValues = z.infer<typeof uxtTestInput>;
/** PATCH …/uxt-tests/:testId: start, pause or close a test. */
export const uxtStatusInput = z.object({ status: uxtStatus });
export const uxtTestParams = trackerProjectParams.extend({
  testId: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const uxtTestView = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  guidelines: z.string().nullable(),
  conclusion: z.string().nullable(),
  start_page: z.string(),
  status: uxtStatus,
  tasks: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      description: z.string().nullable(),
      allow_typing: z.boolean(),
    }),
  ),
});
export type UxtTestView = z.infer<typeof uxtTestView>;
/** A tester's step in a test: a task begun, done or skipped, or an answer. */
export const uxtSignalView = z.object({
  session_id: z.string(),
  task_id: z.number().nullable(),
  status: z.enum(['begin', 'done', 'skipped']),
  answer: z.string().nullable(),
  timestamp: z.number(),
});
export type UxtSignalView = z.infer<typeof uxtSignalView>;
