import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  ingestConditions,
  ingestFeatureFlags,
  ingestProjects,
  ingestTags,
  ingestUxtTests,
} from '../../db/schema.ts';

export type Project = typeof ingestProjects.$inferSelect;

export async function findProjectByKey(db: Database, key: string): Promise<Project | null> {
  const [row] = await db.select().from(ingestProjects).where(eq(ingestProjects.key, key)).limit(1);
  return row ?? null;
}

export async function findProjectById(db: Database, id: string): Promise<Project | null> {
  const [row] = await db.select().from(ingestProjects).where(eq(ingestProjects.id, id)).limit(1);
  return row ?? null;
}

/**
 * The start response's `features`: which optional calls are worth making for this project, so a
 * tracker does not fetch flags, conditions, tags or tests that do not exist.
 */
export async function projectFeatures(db: Database, projectId: string): Promise<string[]> {
  const [row] = await db
    .select({
      flags: sql<boolean>`exists (select 1 from ${ingestFeatureFlags} where ${and(
        eq(ingestFeatureFlags.projectId, projectId),
        eq(ingestFeatureFlags.enabled, true),
      )})`,
      conditions: sql<boolean>`exists (select 1 from ${ingestConditions} where ${eq(ingestConditions.projectId, projectId)})`,
      tags: sql<boolean>`exists (select 1 from ${ingestTags} where ${eq(ingestTags.projectId, projectId)})`,
      uxt: sql<boolean>`exists (select 1 from ${ingestUxtTests} where ${and(
        eq(ingestUxtTests.projectId, projectId),
        eq(ingestUxtTests.status, 'in-progress'),
      )})`,
    })
    .from(ingestProjects)
    .where(eq(ingestProjects.id, projectId));
  const features: string[] = [];
  if (row?.flags) features.push('feature-flags');
  if (row?.conditions) features.push('conditions');
  if (row?.tags) features.push('tags');
  if (row?.uxt) features.push('usability-test');
  return features;
}
