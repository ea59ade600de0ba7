import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCopied } from '../../../test/expect-copied.ts';
import { type DatabaseKind, databaseKinds, openTestDatabase } from '../../../test/test-databases.ts';
import { tasks, trainingClasses } from '../../db/schema.ts';
import { copyClassTasks, TASK_NOT_COPIED } from './copy-class-tasks.ts';

describe.each(databaseKinds)("copying a class's tasks on %s", (kind: DatabaseKind) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  }, 60_000);
  afterAll(() => handle?.close());

  it('carries every setting of a task but the ones named as not copied', async () => {
    const { db } = handle;
    const [from, to] = await db
      .insert(trainingClasses)
      .values([{ name: '第一梯' }, { name: '第二梯' }])
      .returning();
    const [bare] = await db
      .insert(tasks)
      .values({ classId: to!.id, title: '空白', dueAt: new Date('2027-01-01T00:00:00Z') })
      .returning();
    const [source] = await db
      .insert(tasks)
      .values({
        classId: from!.id,
        title: '作品集',
        description: '交一個網址',
        dueAt: new Date('2027-02-01T10:00:00Z'),
        points: 30,
        published: false,
        submissionKind: 'url',
        review: true,
      })
      .returning();

    expect(await copyClassTasks(db, from!.id, to!.id)).toBe(1);
    const [copy] = await db
      .select()
      .from(tasks)
      .where(and(eq(tasks.classId, to!.id), eq(tasks.title, '作品集')));
    expectCopied(tasks, { source: source!, bare: bare!, copy: copy! }, TASK_NOT_COPIED);
  });
});
