import type { AdminChapter } from '@atrium/protocol/community';
import type { Database } from '../../db/client.ts';
import { findChapter, getOutline, reorderChapters, reorderSubChapters } from './manage-outline.ts';

/** Puts a class's chapters in the given order (every id once) and answers the outline as it now is. */
export async function reorderClassChapters(
  db: Database,
  classId: string,
  ids: string[],
): Promise<{ chapters: AdminChapter[] }> {
  await reorderChapters(db, classId, ids);
  return getOutline(db, classId);
}

/** Puts a chapter's sub-chapters in the given order (every id once) and answers the chapter. */
export async function reorderChapterSubChapters(
  db: Database,
  chapterId: string,
  ids: string[],
): Promise<AdminChapter> {
  const chapter = await findChapter(db, chapterId);
  await reorderSubChapters(db, chapter.id, ids);
  return (await getOutline(db, chapter.classId)).chapters.find((c) => c.id === chapter.id)!;
}
