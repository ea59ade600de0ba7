import type {
  AdminChapter,
  AdminSubChapter,
  SubChapterInput,
  SubChapterPatch,
} from '@atrium/protocol/community';
import { subChapterContentProblem } from '@atrium/protocol/community';
import { asc, eq, inArray, max } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chapters, subChapters } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { videoEmbedUrl } from './video-embed-url.ts';

type ChapterRow = typeof chapters.$inferSelect;
type SubRow = typeof subChapters.$inferSelect;
type ChapterFields = { name?: string; enable?: boolean; published?: boolean; release_at?: string | null };

/** The protocol's release_at (an ISO instant with any offset) as the column's Date; undefined leaves it. */
function chapterColumns({ release_at, ...rest }: ChapterFields) {
  if (release_at === undefined) return rest;
  return { ...rest, releaseAt: release_at === null ? null : new Date(release_at) };
}

const chapterNotFound = () => notFound('找不到這個章節', 'chapter_not_found');
const subNotFound = () => notFound('找不到這個單元', 'sub_chapter_not_found');

const toSub = (s: SubRow): AdminSubChapter => ({
  id: s.id,
  chapter_id: s.chapterId,
  name: s.name,
  icon: s.icon,
  enable: s.enable,
  published: s.published,
  type: s.type,
  content: s.content,
  sort: s.sort,
});
const toChapter = (c: ChapterRow, subs: SubRow[]): AdminChapter => ({
  id: c.id,
  name: c.name,
  enable: c.enable,
  published: c.published,
  release_at: c.releaseAt?.toISOString() ?? null,
  sort: c.sort,
  sub_chapters: subs.filter((s) => s.chapterId === c.id).map(toSub),
});

/** The whole outline with every item, published or not, and the content of each. */
export async function getOutline(db: Database, classId: string): Promise<{ chapters: AdminChapter[] }> {
  const rows = await db
    .select()
    .from(chapters)
    .where(eq(chapters.classId, classId))
    .orderBy(asc(chapters.sort), asc(chapters.name));
  const subs = rows.length
    ? await db
        .select()
        .from(subChapters)
        .where(
          inArray(
            subChapters.chapterId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(subChapters.sort), asc(subChapters.name))
    : [];
  return { chapters: rows.map((c) => toChapter(c, subs)) };
}

/** The chapter with its class, so routes can check both belong together. */
export async function findChapter(db: Database, chapterId: string): Promise<ChapterRow> {
  const [row] = await db.select().from(chapters).where(eq(chapters.id, chapterId)).limit(1);
  if (!row) throw chapterNotFound();
  return row;
}

async function findSub(db: Database, subId: string): Promise<SubRow> {
  const [row] = await db.select().from(subChapters).where(eq(subChapters.id, subId)).limit(1);
  if (!row) throw subNotFound();
  return row;
}

export async function addChapter(
  db: Database,
  classId: string,
  input: Required<ChapterFields>,
): Promise<AdminChapter> {
  const [last] = await db
    .select({ sort: max(chapters.sort) })
    .from(chapters)
    .where(eq(chapters.classId, classId));
  const [row] = await db
    .insert(chapters)
    .values({ classId, ...chapterColumns(input), name: input.name, sort: (last?.sort ?? -1) + 1 })
    .returning();
  return toChapter(row!, []);
}

export async function updateChapter(
  db: Database,
  chapterId: string,
  patch: ChapterFields,
): Promise<AdminChapter> {
  const [row] = await db
    .update(chapters)
    .set(chapterColumns(patch))
    .where(eq(chapters.id, chapterId))
    .returning();
  if (!row) throw chapterNotFound();
  const subs = await db
    .select()
    .from(subChapters)
    .where(eq(subChapters.chapterId, chapterId))
    .orderBy(asc(subChapters.sort));
  return toChapter(row, subs);
}

export async function deleteChapter(db: Database, chapterId: string): Promise<void> {
  const gone = await db.delete(chapters).where(eq(chapters.id, chapterId)).returning({ id: chapters.id });
  if (!gone.length) throw chapterNotFound();
}

/** A video's address as the portal can frame it. */
const contentFor = (type: string, content: string) => (type === 'video' ? videoEmbedUrl(content) : content);

export async function addSubChapter(
  db: Database,
  chapterId: string,
  input: SubChapterInput,
): Promise<AdminSubChapter> {
  await findChapter(db, chapterId);
  const [last] = await db
    .select({ sort: max(subChapters.sort) })
    .from(subChapters)
    .where(eq(subChapters.chapterId, chapterId));
  const [row] = await db
    .insert(subChapters)
    .values({
      chapterId,
      ...input,
      content: contentFor(input.type, input.content),
      sort: (last?.sort ?? -1) + 1,
    })
    .returning();
  return toSub(row!);
}

/** A patch is checked against the item's resulting type and content, not only against itself. */
export async function updateSubChapter(
  db: Database,
  subId: string,
  patch: SubChapterPatch,
): Promise<AdminSubChapter> {
  const current = await findSub(db, subId);
  const problem = subChapterContentProblem(patch.type ?? current.type, patch.content ?? current.content);
  if (problem) throw badRequest('validation', problem);
  const content =
    patch.content === undefined ? {} : { content: contentFor(patch.type ?? current.type, patch.content) };
  const [row] = await db
    .update(subChapters)
    .set({ ...patch, ...content })
    .where(eq(subChapters.id, subId))
    .returning();
  return toSub(row!);
}

export async function deleteSubChapter(db: Database, subId: string): Promise<void> {
  const gone = await db
    .delete(subChapters)
    .where(eq(subChapters.id, subId))
    .returning({ id: subChapters.id });
  if (!gone.length) throw subNotFound();
}

/**
 * Drag and drop sends the parent's children in their new order. It must name each child exactly once,
 * so a stale screen (an item added or removed meanwhile) is refused rather than scrambling the order.
 */
function checkSameSet(ids: string[], current: string[]): void {
  const given = new Set(ids);
  if (given.size !== ids.length || given.size !== current.length || current.some((id) => !given.has(id))) {
    throw badRequest('order_mismatch', '排序清單與目前的項目不符，請重新整理後再試');
  }
}

export async function reorderChapters(db: Database, classId: string, ids: string[]): Promise<void> {
  const rows = await db.select({ id: chapters.id }).from(chapters).where(eq(chapters.classId, classId));
  checkSameSet(
    ids,
    rows.map((r) => r.id),
  );
  await db.transaction(async (tx) => {
    for (const [sort, id] of ids.entries())
      await tx.update(chapters).set({ sort }).where(eq(chapters.id, id));
  });
}

export async function reorderSubChapters(db: Database, chapterId: string, ids: string[]): Promise<void> {
  const rows = await db
    .select({ id: subChapters.id })
    .from(subChapters)
    .where(eq(subChapters.chapterId, chapterId));
  checkSameSet(
    ids,
    rows.map((r) => r.id),
  );
  await db.transaction(async (tx) => {
    for (const [sort, id] of ids.entries())
      await tx.update(subChapters).set({ sort }).where(eq(subChapters.id, id));
  });
}
