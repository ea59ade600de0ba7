import type { SubChapterType, TrainingClass } from '@atrium/protocol/training';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chapters, subChapters } from '../../db/schema.ts';
import type { ClassRow } from './open-class.ts';
import { isReleased } from './release-date.ts';

/** Types whose content travels in the tree: the sidebar needs it to navigate, there is nothing to fetch. */
const contentInTree = new Set<SubChapterType>(['link', 'dashboard']);

/**
 * The chapter tree of an opened class. Unpublished items only in preview; disabled ones carry no content. A
 * chapter before its release date is not open (enable false) for everyone; preview still opens its items.
 */
export async function getClass(
  db: Database,
  cls: ClassRow,
  preview: boolean,
  now = new Date(),
): Promise<TrainingClass> {
  const chapterRows = (
    await db
      .select()
      .from(chapters)
      .where(eq(chapters.classId, cls.id))
      .orderBy(asc(chapters.sort), asc(chapters.name))
  ).filter((c) => preview || c.published);
  const subRows = chapterRows.length
    ? (
        await db
          .select()
          .from(subChapters)
          .where(
            inArray(
              subChapters.chapterId,
              chapterRows.map((c) => c.id),
            ),
          )
          .orderBy(asc(subChapters.sort), asc(subChapters.name))
      ).filter((s) => preview || s.published)
    : [];
  return {
    id: cls.id,
    name: cls.name,
    description: cls.description,
    welcome: cls.welcome,
    preview,
    archived: cls.archivedAt !== null,
    chapters: chapterRows.map((c) => {
      const chapterOpen = c.enable && isReleased(c, now);
      return {
        id: c.id,
        name: c.name,
        enable: chapterOpen,
        published: c.published,
        release_at: c.releaseAt?.toISOString() ?? null,
        sub_chapters: subRows
          .filter((s) => s.chapterId === c.id)
          .map((s) => {
            const enable = chapterOpen && s.enable;
            return {
              id: s.id,
              name: s.name,
              icon: s.icon,
              enable,
              type: s.type,
              content: enable && contentInTree.has(s.type) ? s.content : null,
              published: s.published,
            };
          }),
      };
    }),
  };
}
