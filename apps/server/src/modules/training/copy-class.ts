import type { AdminClass } from '@atrium/protocol/community';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chapters, classLinks, subChapters, trainingClasses } from '../../db/schema.ts';
import { classCopied } from './class-events.ts';
import { findAdminClass, getAdminClass } from './manage-classes.ts';

const NAME_MAX = 100;

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
        name: name ?? copyName(source.name),
        description: source.description,
        welcome: source.welcome,
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
        .values({
          classId: copy!.id,
          name: c.name,
          enable: c.enable,
          published: c.published,
          releaseAt: c.releaseAt,
          sort: c.sort,
        })
        .returning({ id: chapters.id });
      const subs = subRows.filter((s) => s.chapterId === c.id);
      if (subs.length)
        await t.insert(subChapters).values(
          subs.map((s) => ({
            chapterId: newChapter!.id,
            name: s.name,
            icon: s.icon,
            enable: s.enable,
            published: s.published,
            type: s.type,
            content: s.content,
            sort: s.sort,
          })),
        );
    }
    const links = await t.select().from(classLinks).where(eq(classLinks.classId, source.id));
    if (links.length)
      await t.insert(classLinks).values(
        links.map((l) => ({
          classId: copy!.id,
          title: l.title,
          url: l.url,
          description: l.description,
          sort: l.sort,
        })),
      );
    // The tasks module copies the tasks, in this transaction.
    await classCopied.emit({ db: t, sourceId: source.id, copyId: copy!.id });
    return copy!.id;
  });
  return getAdminClass(db, copyId);
}
