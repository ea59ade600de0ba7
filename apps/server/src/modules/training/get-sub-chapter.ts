import type { SubChapterView } from '@atrium/protocol/training';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chapters, subChapters } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { ClassRow } from './open-class.ts';
import { isReleased } from './release-date.ts';

/**
 * One sub-chapter with its content. Disabled items (or items of a disabled chapter) are refused, except in
 * preview (staff only: openClass refused it to anyone else), where staff check content before opening it.
 * A chapter before its release date answers as a not-open one (403 not_open).
 */
export async function getSubChapter(
  db: Database,
  cls: ClassRow,
  chapterId: string,
  subId: string,
  preview: boolean,
  now = new Date(),
): Promise<SubChapterView> {
  const [row] = await db
    .select({ chapter: chapters, sub: subChapters })
    .from(subChapters)
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .where(and(eq(subChapters.id, subId), eq(chapters.id, chapterId), eq(chapters.classId, cls.id)))
    .limit(1);
  if (!row || (!preview && (!row.chapter.published || !row.sub.published))) {
    throw notFound('找不到這個單元', 'subchapter_not_found');
  }
  const enable = row.chapter.enable && isReleased(row.chapter, now) && row.sub.enable;
  if (!enable && !preview) {
    throw forbidden('此單元尚未開放，開放後即可觀看', 'not_open');
  }
  return {
    id: row.sub.id,
    chapter_id: row.chapter.id,
    name: row.sub.name,
    icon: row.sub.icon,
    enable,
    type: row.sub.type,
    content: row.sub.content,
    published: row.chapter.published && row.sub.published,
  };
}
