import type { ClassLink } from '@atrium/protocol/training';
import { and, eq, max } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { classLinks } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

type LinkInput = { title: string; url: string; description: string };
const linkNotFound = () => notFound('找不到這個連結', 'link_not_found');
const toView = (r: typeof classLinks.$inferSelect): ClassLink => ({
  id: r.id,
  title: r.title,
  url: r.url,
  description: r.description,
});

/** A new link goes last. The address was checked by the schema (https or a portal path). */
export async function addClassLink(db: Database, classId: string, input: LinkInput): Promise<ClassLink> {
  const [last] = await db
    .select({ sort: max(classLinks.sort) })
    .from(classLinks)
    .where(eq(classLinks.classId, classId));
  const [row] = await db
    .insert(classLinks)
    .values({ classId, ...input, sort: (last?.sort ?? -1) + 1 })
    .returning();
  return toView(row!);
}

export async function updateClassLink(
  db: Database,
  classId: string,
  linkId: string,
  patch: Partial<LinkInput>,
): Promise<ClassLink> {
  const [row] = await db
    .update(classLinks)
    .set(patch)
    .where(and(eq(classLinks.id, linkId), eq(classLinks.classId, classId)))
    .returning();
  if (!row) throw linkNotFound();
  return toView(row);
}

export async function deleteClassLink(db: Database, classId: string, linkId: string): Promise<void> {
  const gone = await db
    .delete(classLinks)
    .where(and(eq(classLinks.id, linkId), eq(classLinks.classId, classId)))
    .returning({ id: classLinks.id });
  if (!gone.length) throw linkNotFound();
}
