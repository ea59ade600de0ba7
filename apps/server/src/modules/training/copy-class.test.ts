import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCopied } from '../../../test/expect-copied.ts';
import { type DatabaseKind, databaseKinds, openTestDatabase } from '../../../test/test-databases.ts';
import { connectModules } from '../../connect-modules.ts';
import { chapters, classLinks, subChapters, trainingClasses } from '../../db/schema.ts';
import { copyClass, NOT_COPIED } from './copy-class.ts';

describe.each(databaseKinds)('copying a class on %s', (kind: DatabaseKind) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    // The copy announces itself to the tasks module, which copies the tasks (tasks' own test covers them).
    connectModules();
  }, 60_000);
  afterAll(() => handle?.close());

  it('carries every setting of the class, its outline and links but the ones named as not copied', async () => {
    const { db } = handle;
    const [bareClass] = await db.insert(trainingClasses).values({ name: '空白' }).returning();
    const [source] = await db
      .insert(trainingClasses)
      .values({ name: '第一梯', description: '前端入門', welcome: '歡迎！', published: true })
      .returning();
    const [bareChapter] = await db
      .insert(chapters)
      .values({ classId: bareClass!.id, name: '空白' })
      .returning();
    const [chapter] = await db
      .insert(chapters)
      .values({
        classId: source!.id,
        name: '第一章',
        enable: false,
        published: false,
        releaseAt: new Date('2027-01-04T01:00:00Z'),
        sort: 3,
      })
      .returning();
    const [bareSub] = await db
      .insert(subChapters)
      .values({ chapterId: bareChapter!.id, name: '空白', type: 'link' })
      .returning();
    const [sub] = await db
      .insert(subChapters)
      .values({
        chapterId: chapter!.id,
        name: '講義',
        icon: 'book',
        enable: false,
        published: false,
        type: 'markdown',
        content: '# 第一課',
        sort: 2,
      })
      .returning();
    const [bareLink] = await db
      .insert(classLinks)
      .values({ classId: bareClass!.id, title: '空白', url: 'https://example.org/' })
      .returning();
    const [link] = await db
      .insert(classLinks)
      .values({
        classId: source!.id,
        title: '討論區',
        url: 'https://example.org/forum',
        description: '提問',
        sort: 1,
      })
      .returning();
    const copy = await copyClass(db, source!.id, '第二梯');

    const [copiedClass] = await db.select().from(trainingClasses).where(eq(trainingClasses.id, copy.id));
    expectCopied(
      trainingClasses,
      { source: source!, bare: bareClass!, copy: copiedClass! },
      NOT_COPIED.class,
    );
    const [copiedChapter] = await db.select().from(chapters).where(eq(chapters.classId, copy.id));
    expectCopied(
      chapters,
      { source: chapter!, bare: bareChapter!, copy: copiedChapter! },
      NOT_COPIED.chapter,
    );
    const [copiedSub] = await db
      .select()
      .from(subChapters)
      .where(eq(subChapters.chapterId, copiedChapter!.id));
    expectCopied(subChapters, { source: sub!, bare: bareSub!, copy: copiedSub! }, NOT_COPIED.subChapter);
    const [copiedLink] = await db.select().from(classLinks).where(eq(classLinks.classId, copy.id));
    expectCopied(classLinks, { source: link!, bare: bareLink!, copy: copiedLink! }, NOT_COPIED.link);
    expect(copy).toMatchObject({ name: '第二梯', published: false, archived: false });
  });
});
