import type { AdminClass } from '@atrium/protocol/community';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chapters, classLinks, subChapters, trainingClasses } from '../../db/schema.ts';
import { copyOfRow } from '../../lib/copy-of-row.ts';
import { classCopied } from './class-events.ts';
import { findAdminClass, getAdminClass } from './manage-classes.ts';

const NAME_MAX = 100;

/**
 * The columns a copy does not take from its source; every other column is copied (copyOfRow), so a new
 * class setting travels unless it is named here. The class's identity and cohort life stay behind, and the
 * copy is named and unpublished anew; outline items and links get the copy's ids.
 */
export const NOT_COPIED = {
  class: ['id', 'createdAt', 'archivedAt', 'name', 'published'],
  chapter: ['id', 'classId'],
  subChapter: ['id', 'chapterId'],
  link: ['id', 'classId'],
} as const;

/** 「<name>（複本）」, shortened so the result still fits a class name. */
export function copyName(name: string): string {
  const suffix = '（複本）';
  return `${[...name].slice(0, NAME_MAX - suffix.length).join('')}${suffix}`;
}

/**
 * A class for the next cohort: a new, unpublished class with the source's description, welcome, outline
 * (chapters and sub-chapters with their content, order, open/draft flags and release dates), links and tasks.
 * Nothing a cohort did comes along: members, check-ins, hand-ins, progress, certificates. Class sessions
 * stay behind too, their dates belong to the old cohort. One transaction: a failed copy leaves nothing.
 */
export async function copyClass(db: Database, sourceId: string, name?: string): Promise<AdminClass> {
  const source = await findAdminClass(db, sourceId);
  const copyId = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [copy] = await t
      .insert(trainingClasses)
      .values({
        ...copyOfRow(source, NOT_COPIED.class),
        name: name ?? copyName(source.name),
        published: false,
      })
      .returning({ id: trainingClasses.id });
    const chapterRows = await t
      .select()
      .from(chapters)
      .where(eq(chapters.classId, source.id))
      .orderBy(asc(chapters.sort));
    const subRows = chapterRows.length
      ? await t
          .select()
          .from(subChapters)
          .where(
            inArray(
              subChapters.chapterId,
              chapterRows.map((c) => c.id),
            ),
          )
      : [];
    for (const c of chapterRows) {
      const [newChapter] = await t
        .insert(chapters)
        .values({ ...copyOfRow(c, NOT_COPIED.chapter), classId: copy!.id })
        .returning({ id: chapters.id });
      const subs = subRows.filter((s) => s.chapterId === c.id);
      if (subs.length)
        await t
          .insert(subChapters)
          .values(subs.map((s) => ({ ...copyOfRow(s, NOT_COPIED.subChapter), chapterId: newChapter!.id })));
    }
    const links = await t.select().from(classLinks).where(eq(classLinks.classId, source.id));
    if (links.length)
      await t
        .insert(classLinks)
        .values(links.map((l) => ({ ...copyOfRow(l, NOT_COPIED.link), classId: copy!.id })));
    // The tasks module copies the tasks, in this transaction.
    await classCopied.emit({ db: t, sourceId: source.id, copyId: copy!.id });
    return copy!.id;
  });
  return getAdminClass(db, copyId);
}
