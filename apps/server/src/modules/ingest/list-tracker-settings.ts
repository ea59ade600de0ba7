import type { Condition, UxtTest } from '@atrium/protocol/tracker/index';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestConditions, ingestTags, ingestUxtTasks, ingestUxtTests } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * A project's conditions in the order the tracker tries them (oldest first): the console lists them in
 * the same order, so staff see what the tracker will do.
 */
export function selectConditions(db: Database, projectId: string) {
  return db
    .select()
    .from(ingestConditions)
    .where(eq(ingestConditions.projectId, projectId))
    .orderBy(asc(ingestConditions.createdAt), asc(ingestConditions.id));
}

/** What the tracker reads at start: a project's conditions, tags and (by id) usability test. */
export async function listConditions(db: Database, projectId: string): Promise<Condition[]> {
  const rows = await selectConditions(db, projectId);
  return rows.map((r) => ({
    name: r.name,
    capture_rate: r.captureRate,
    filters: r.filters as Condition['filters'],
  }));
}

export async function listTags(db: Database, projectId: string) {
  const rows = await db
    .select({ id: ingestTags.id, selector: ingestTags.selector })
    .from(ingestTags)
    .where(eq(ingestTags.projectId, projectId))
    .orderBy(asc(ingestTags.id));
  return rows;
}

/** A test of the token's project that is running (or in preview for staff trying it). */
export async function getUxtTest(db: Database, projectId: string, testId: number): Promise<UxtTest> {
  const [test] = await db
    .select()
    .from(ingestUxtTests)
    .where(and(eq(ingestUxtTests.id, testId), eq(ingestUxtTests.projectId, projectId)))
    .limit(1);
  if (!test || test.status === 'closed' || test.status === 'paused') {
    throw notFound('找不到此可用性測試', 'uxt_not_found');
  }
  const tasks = await db
    .select()
    .from(ingestUxtTasks)
    .where(eq(ingestUxtTasks.testId, test.id))
    .orderBy(asc(ingestUxtTasks.position), asc(ingestUxtTasks.id));
  return {
    id: test.id,
    title: test.title,
    description: test.description,
    guidelines: test.guidelines,
    conclusion: test.conclusion,
    startPage: test.startPage,
    tasks: tasks.map((t) => ({
      taskId: t.id,
      title: t.title,
      description: t.description,
      allowTyping: t.allowTyping,
    })),
  };
}
