import type { ConditionFilter } from '@atrium/protocol/tracker/index';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
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
import type {
  conditionsInput,
  featureFlagInput,
  featureFlagPatch,
  tagInput,
  uxtStatusSetting,
  uxtTestInput,
} from './console-schemas.ts';
import { findProjectById } from './find-project.ts';
import { selectConditions } from './list-tracker-settings.ts';

/**
 * What staff set for the tracker to fetch: conditions, feature flags, tags and usability tests of a
 * project. Every call checks the project exists and that the item belongs to it.
 */
async function assertProject(db: Database, projectId: string) {
  if (!(await findProjectById(db, projectId))) throw notFound('找不到此專案', 'project_not_found');
}

export async function listProjectConditions(db: Database, projectId: string) {
  await assertProject(db, projectId);
  const rows = await selectConditions(db, projectId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    captureRate: r.captureRate,
    filters: r.filters as ConditionFilter[],
  }));
}

/** Conditions are edited as one list (their order is the order the tracker tries them). */
export async function replaceConditions(
  db: Database,
  projectId: string,
  input: z.infer<typeof conditionsInput>,
) {
  await assertProject(db, projectId);
  await db.transaction(async (tx) => {
    await tx.delete(ingestConditions).where(eq(ingestConditions.projectId, projectId));
    const base = Date.now();
    for (const [i, c] of input.conditions.entries()) {
      await tx.insert(ingestConditions).values({
        projectId,
        name: c.name,
        captureRate: c.captureRate,
        filters: c.filters,
        createdAt: new Date(base + i),
      });
    }
  });
  return listProjectConditions(db, projectId);
}

type FlagRow = typeof ingestFeatureFlags.$inferSelect;
const flagView = (f: FlagRow) => ({
  id: f.id,
  key: f.key,
  description: f.description,
  enabled: f.enabled,
  isPersist: f.isPersist,
  rolloutPercentage: f.rolloutPercentage,
  payload: f.payload,
  variants: f.variants,
});

export async function listFeatureFlags(db: Database, projectId: string) {
  await assertProject(db, projectId);
  const rows = await db
    .select()
    .from(ingestFeatureFlags)
    .where(eq(ingestFeatureFlags.projectId, projectId))
    .orderBy(asc(ingestFeatureFlags.key));
  return rows.map(flagView);
}

export async function createFeatureFlag(
  db: Database,
  projectId: string,
  input: z.infer<typeof featureFlagInput>,
) {
  await assertProject(db, projectId);
  const [row] = await db
    .insert(ingestFeatureFlags)
    .values({ projectId, ...input })
    .onConflictDoNothing({ target: [ingestFeatureFlags.projectId, ingestFeatureFlags.key] })
    .returning();
  if (!row) throw conflict('flag_key_taken', '此功能旗標名稱已存在');
  return flagView(row);
}

export async function updateFeatureFlag(
  db: Database,
  projectId: string,
  flagId: string,
  patch: z.infer<typeof featureFlagPatch>,
) {
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
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

export async function listProjectTags(db: Database, projectId: string) {
  await assertProject(db, projectId);
  return db
    .select({ id: ingestTags.id, name: ingestTags.name, selector: ingestTags.selector })
    .from(ingestTags)
    .where(eq(ingestTags.projectId, projectId))
    .orderBy(asc(ingestTags.id));
}

export async function createTag(db: Database, projectId: string, input: z.infer<typeof tagInput>) {
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

async function uxtTestView(db: Database, test: typeof ingestUxtTests.$inferSelect) {
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
    startPage: test.startPage,
    status: test.status,
    tasks: tasks.map((t) => ({
      id: t.id,
      title: t.title,
      description: t.description,
      allowTyping: t.allowTyping,
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

export async function createUxtTest(db: Database, projectId: string, input: z.infer<typeof uxtTestInput>) {
  await assertProject(db, projectId);
  const test = await db.transaction(async (tx) => {
    const { tasks, ...fields } = input;
    const [row] = await tx
      .insert(ingestUxtTests)
      .values({ projectId, ...fields })
      .returning();
    for (const [position, task] of tasks.entries()) {
      await tx.insert(ingestUxtTasks).values({ testId: row!.id, position, ...task });
    }
    return row!;
  });
  return uxtTestView(db, test);
}

export async function setUxtTestStatus(
  db: Database,
  projectId: string,
  testId: number,
  status: z.infer<typeof uxtStatusSetting>,
) {
  const [row] = await db
    .update(ingestUxtTests)
    .set({ status })
    .where(and(eq(ingestUxtTests.id, testId), eq(ingestUxtTests.projectId, projectId)))
    .returning();
  if (!row) throw notFound('找不到此可用性測試', 'uxt_not_found');
  return uxtTestView(db, row);
}

/** What testers did in a test, in the order it happened. */
export async function listUxtSignals(db: Database, projectId: string, testId: number) {
  const [test] = await db
    .select({ id: ingestUxtTests.id })
    .from(ingestUxtTests)
    .where(and(eq(ingestUxtTests.id, testId), eq(ingestUxtTests.projectId, projectId)));
  if (!test) throw notFound('找不到此可用性測試', 'uxt_not_found');
  return db
    .select({
      sessionId: ingestUxtSignals.sessionId,
      taskId: ingestUxtSignals.taskId,
      status: ingestUxtSignals.status,
      answer: ingestUxtSignals.answer,
      timestamp: ingestUxtSignals.timestamp,
    })
    .from(ingestUxtSignals)
    .where(eq(ingestUxtSignals.testId, test.id))
    .orderBy(asc(ingestUxtSignals.timestamp), asc(ingestUxtSignals.createdAt));
}
