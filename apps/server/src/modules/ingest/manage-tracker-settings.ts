import type { ConditionFilter } from '@atrium/protocol/tracker/index';
import type {
  FeatureFlagPatch,
  FeatureFlagValues,
  FeatureFlagView,
  StartCondition,
  StartConditionsInput,
  TagSelector,
  TagSelectorInput,
  UxtSignalView,
  UxtStatus,
  UxtTestValues,
  UxtTestView,
} from '@atrium/protocol/tracker-settings';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  ingestConditions,
  ingestFeatureFlags,
  ingestTags,
  ingestUxtSignals,
  ingestUxtTasks,
  ingestUxtTests,
} from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { findProjectById } from './find-project.ts';
import { selectConditions } from './list-tracker-settings.ts';

/**
 * What staff set for the tracker to fetch: conditions, feature flags, tags and usability tests of a
 * project. Every call checks the project exists and that the item belongs to it.
 */
async function assertProject(db: Database, projectId: string) {
  if (!(await findProjectById(db, projectId))) throw notFound('找不到此專案', 'project_not_found');
}

export async function listProjectConditions(db: Database, projectId: string): Promise<StartCondition[]> {
  await assertProject(db, projectId);
  const rows = await selectConditions(db, projectId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    capture_rate: r.captureRate,
    filters: r.filters as ConditionFilter[],
  }));
}

/** Conditions are edited as one list (their order is the order the tracker tries them). */
export async function replaceConditions(db: Database, projectId: string, input: StartConditionsInput) {
  await assertProject(db, projectId);
  await db.transaction(async (tx) => {
    await tx.delete(ingestConditions).where(eq(ingestConditions.projectId, projectId));
    const base = Date.now();
    for (const [i, c] of input.conditions.entries()) {
      await tx.insert(ingestConditions).values({
        projectId,
        name: c.name,
        captureRate: c.capture_rate,
        filters: c.filters,
        createdAt: new Date(base + i),
      });
    }
  });
  return listProjectConditions(db, projectId);
}

type FlagRow = typeof ingestFeatureFlags.$inferSelect;
const flagView = (f: FlagRow): FeatureFlagView => ({
  id: f.id,
  key: f.key,
  description: f.description,
  enabled: f.enabled,
  is_persist: f.isPersist,
  rollout_percentage: f.rolloutPercentage,
  payload: f.payload,
  variants:
    f.variants?.map((v) => ({
      value: v.value,
      rollout_percentage: v.rolloutPercentage,
      payload: v.payload,
    })) ?? null,
});

/** A flag's columns from what staff sent; the stored variants keep the table's own names (FlagVariant). */
function flagColumns(input: FeatureFlagPatch) {
  const columns = {
    description: input.description,
    enabled: input.enabled,
    isPersist: input.is_persist,
    rolloutPercentage: input.rollout_percentage,
    payload: input.payload,
    variants:
      input.variants === undefined
        ? undefined
        : (input.variants?.map((v) => ({
            value: v.value,
            rolloutPercentage: v.rollout_percentage,
            payload: v.payload,
          })) ?? null),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as Partial<
    typeof columns
  >;
}

export async function listFeatureFlags(db: Database, projectId: string) {
  await assertProject(db, projectId);
  const rows = await db
    .select()
    .from(ingestFeatureFlags)
    .where(eq(ingestFeatureFlags.projectId, projectId))
    .orderBy(asc(ingestFeatureFlags.key));
  return rows.map(flagView);
}

export async function createFeatureFlag(db: Database, projectId: string, input: FeatureFlagValues) {
  await assertProject(db, projectId);
  const [row] = await db
    .insert(ingestFeatureFlags)
    .values({ projectId, key: input.key, ...flagColumns(input) })
    .onConflictDoNothing({ target: [ingestFeatureFlags.projectId, ingestFeatureFlags.key] })
    .returning();
  if (!row) throw conflict('flag_key_taken', '此功能旗標名稱已存在');
  return flagView(row);
}

export async function updateFeatureFlag(
  db: Database,
  projectId: string,
  flagId: string,
  patch: FeatureFlagPatch,
) {
  const set = flagColumns(patch);
  const where = and(eq(ingestFeatureFlags.id, flagId), eq(ingestFeatureFlags.projectId, projectId));
  const [row] =
    Object.keys(set).length === 0
      ? await db.select().from(ingestFeatureFlags).where(where)
      : await db.update(ingestFeatureFlags).set(set).where(where).returning();
  if (!row) throw notFound('找不到此功能旗標', 'flag_not_found');
  return flagView(row);
}

export async function deleteFeatureFlag(db: Database, projectId: string, flagId: string) {
  const deleted = await db
    .delete(ingestFeatureFlags)
    .where(and(eq(ingestFeatureFlags.id, flagId), eq(ingestFeatureFlags.projectId, projectId)))
    .returning({ id: ingestFeatureFlags.id });
  if (deleted.length === 0) throw notFound('找不到此功能旗標', 'flag_not_found');
}

export async function listProjectTags(db: Database, projectId: string): Promise<TagSelector[]> {
  await assertProject(db, projectId);
  return db
    .select({ id: ingestTags.id, name: ingestTags.name, selector: ingestTags.selector })
    .from(ingestTags)
    .where(eq(ingestTags.projectId, projectId))
    .orderBy(asc(ingestTags.id));
}

export async function createTag(
  db: Database,
  projectId: string,
  input: TagSelectorInput,
): Promise<TagSelector> {
  await assertProject(db, projectId);
  const [row] = await db
    .insert(ingestTags)
    .values({ projectId, ...input })
    .returning({ id: ingestTags.id, name: ingestTags.name, selector: ingestTags.selector });
  return row!;
}

export async function deleteTag(db: Database, projectId: string, tagId: number) {
  const deleted = await db
    .delete(ingestTags)
    .where(and(eq(ingestTags.id, tagId), eq(ingestTags.projectId, projectId)))
    .returning({ id: ingestTags.id });
  if (deleted.length === 0) throw notFound('找不到此標籤', 'tag_not_found');
}

async function uxtTestView(db: Database, test: typeof ingestUxtTests.$inferSelect): Promise<UxtTestView> {
  const tasks = await db
    .select()
    .from(ingestUxtTasks)
    .where(eq(ingestUxtTasks.testId, test.id))
    .orderBy(asc(ingestUxtTasks.position));
  return {
    id: test.id,
    title: test.title,
    description: test.description,
    guidelines: test.guidelines,
    conclusion: test.conclusion,
    start_page: test.startPage,
    status: test.status,
    tasks: tasks.map((t) => ({
      id: t.id,
      title: t.title,
      description: t.description,
      allow_typing: t.allowTyping,
    })),
  };
}

export async function listUxtTests(db: Database, projectId: string) {
  await assertProject(db, projectId);
  const tests = await db
    .select()
    .from(ingestUxtTests)
    .where(eq(ingestUxtTests.projectId, projectId))
    .orderBy(asc(ingestUxtTests.id));
  return Promise.all(tests.map((t) => uxtTestView(db, t)));
}

export async function createUxtTest(db: Database, projectId: string, input: UxtTestValues) {
  await assertProject(db, projectId);
  const test = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ingestUxtTests)
      .values({
        projectId,
        title: input.title,
        description: input.description,
        guidelines: input.guidelines,
        conclusion: input.conclusion,
        startPage: input.start_page,
        status: input.status,
      })
      .returning();
    for (const [position, task] of input.tasks.entries()) {
      await tx.insert(ingestUxtTasks).values({
        testId: row!.id,
        position,
        title: task.title,
        description: task.description,
        allowTyping: task.allow_typing,
      });
    }
    return row!;
  });
  return uxtTestView(db, test);
}

export async function setUxtTestStatus(db: Database, projectId: string, testId: number, status: UxtStatus) {
  const [row] = await db
    .update(ingestUxtTests)
    .set({ status })
    .where(and(eq(ingestUxtTests.id, testId), eq(ingestUxtTests.projectId, projectId)))
    .returning();
  if (!row) throw notFound('找不到此可用性測試', 'uxt_not_found');
  return uxtTestView(db, row);
}

/** What testers did in a test, in the order it happened. */
export async function listUxtSignals(
  db: Database,
  projectId: string,
  testId: number,
): Promise<UxtSignalView[]> {
  const [test] = await db
    .select({ id: ingestUxtTests.id })
    .from(ingestUxtTests)
    .where(and(eq(ingestUxtTests.id, testId), eq(ingestUxtTests.projectId, projectId)));
  if (!test) throw notFound('找不到此可用性測試', 'uxt_not_found');
  return db
    .select({
      session_id: ingestUxtSignals.sessionId,
      task_id: ingestUxtSignals.taskId,
      status: ingestUxtSignals.status,
      answer: ingestUxtSignals.answer,
      timestamp: ingestUxtSignals.timestamp,
    })
    .from(ingestUxtSignals)
    .where(eq(ingestUxtSignals.testId, test.id))
    .orderBy(asc(ingestUxtSignals.timestamp), asc(ingestUxtSignals.createdAt));
}
