import { canvasQuality, conditionFilter } from '@atrium/protocol/tracker/index';
import { z } from 'zod';

/** Shapes of the staff API that sets up projects and what the tracker fetches (/v1/console/ingest). */
export const projectKey = z.string().regex(/^[a-zA-Z0-9_-]{3,64}$/, '3–64 個英數字、- 或 _');
export const projectInput = z.object({
  name: z.string().trim().min(1).max(100),
  key: projectKey.optional(),
  canvasEnabled: z.boolean().optional(),
  canvasQuality: canvasQuality.optional(),
  canvasFPS: z.number().int().min(1).max(30).optional(),
});
/** An empty PATCH names nothing to change: the caller's mistake, like every other PATCH. */
const changesSomething = (patch: Record<string, unknown>) =>
  Object.values(patch).some((v) => v !== undefined);
export const projectPatch = projectInput
  .omit({ key: true })
  .partial()
  .refine(changesSomething, { message: '沒有要變更的欄位' });
export const projectView = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  canvasEnabled: z.boolean(),
  canvasQuality,
  canvasFPS: z.number(),
  createdAt: z.string(),
});
export type ProjectView = z.infer<typeof projectView>;

export const projectParams = z.object({ projectId: z.uuid() });

export const conditionInput = z.object({
  name: z.string().trim().min(1).max(100),
  captureRate: z.number().int().min(0).max(100),
  filters: z.array(conditionFilter.extend({ value: z.array(z.string().max(500)).max(50) })).max(20),
});
export const conditionsInput = z.object({ conditions: z.array(conditionInput).max(50) });
export const conditionView = conditionInput.extend({ id: z.string() });

const flagVariant = z.object({
  value: z.string().trim().min(1).max(100),
  rolloutPercentage: z.number().int().min(0).max(100),
  payload: z.string().max(10_000).nullable(),
});
const flagFields = {
  description: z.string().max(500),
  enabled: z.boolean(),
  isPersist: z.boolean(),
  rolloutPercentage: z.number().int().min(0).max(100),
  payload: z.string().max(10_000).nullable(),
  variants: z
    .array(flagVariant)
    .min(2)
    .max(20)
    .refine((vs) => vs.reduce((sum, v) => sum + v.rolloutPercentage, 0) === 100, '各版本比例總和須為 100')
    .nullable(),
};
const flagKey = z.string().regex(/^[a-zA-Z0-9_.-]{1,100}$/);
export const featureFlagInput = z.object({
  key: flagKey,
  description: flagFields.description.default(''),
  enabled: flagFields.enabled.default(true),
  isPersist: flagFields.isPersist.default(false),
  rolloutPercentage: flagFields.rolloutPercentage.default(100),
  payload: flagFields.payload.default(null),
  variants: flagFields.variants.default(null),
});
/** No defaults here: a field left out of a change stays as it is. */
export const featureFlagPatch = z
  .object(flagFields)
  .partial()
  .refine(changesSomething, { message: '沒有要變更的欄位' });
export const featureFlagView = z.object({ id: z.string(), key: flagKey, ...flagFields });
export const flagParams = projectParams.extend({ flagId: z.uuid() });

export const tagInput = z.object({
  name: z.string().trim().min(1).max(100),
  selector: z.string().trim().min(1).max(500),
});
export const tagView = tagInput.extend({ id: z.number() });
export const tagParams = projectParams.extend({ tagId: z.coerce.number().int().min(1).max(2_147_483_647) });

export const uxtStatusSetting = z.enum(['preview', 'in-progress', 'paused', 'closed']);
export const uxtTestInput = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().max(5000).nullable().default(null),
  guidelines: z.string().max(5000).nullable().default(null),
  conclusion: z.string().max(5000).nullable().default(null),
  startPage: z.string().trim().min(1).max(2000),
  status: uxtStatusSetting.default('in-progress'),
  tasks: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(200),
        description: z.string().max(5000).nullable().default(null),
        allowTyping: z.boolean().default(false),
      }),
    )
    .min(1)
    .max(50),
});
export const uxtTestParams = projectParams.extend({
  testId: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const uxtTestView = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  guidelines: z.string().nullable(),
  conclusion: z.string().nullable(),
  startPage: z.string(),
  status: uxtStatusSetting,
  tasks: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      description: z.string().nullable(),
      allowTyping: z.boolean(),
    }),
  ),
});
export const uxtSignalView = z.object({
  sessionId: z.string(),
  taskId: z.number().nullable(),
  status: z.enum(['begin', 'done', 'skipped']),
  answer: z.string().nullable(),
  timestamp: z.number(),
});
