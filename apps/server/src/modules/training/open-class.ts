import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { classMembers, trainingClasses } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../types.d.ts';
import { isStaff } from '../account/index.ts';

export type ClassRow = typeof trainingClasses.$inferSelect;

export const classNotFound = () => notFound('找不到這個課程', 'class_not_found');
export const classArchived = () => forbidden('此課程已封存，只能瀏覽', 'class_archived');

/**
 * The one gate of every class call. Learners reach a class only when it is published (or archived: its
 * members keep reading it) and they are members; anything else is 404, so another learner's class ids reveal
 * nothing. Preview (unpublished content) is staff only; staff may open any class, unpublished ones only in
 * preview. `write`: the call changes something (check-in, a task), which an archived class refuses (ADR 0049).
 */
export async function openClass(
  db: Database,
  classId: string,
  user: AuthUser,
  opts: { preview?: boolean; write?: boolean } = {},
): Promise<ClassRow> {
  const preview = opts.preview ?? false;
  if (preview && !isStaff(user)) {
    throw forbidden('只有工作人員可以使用預覽模式', 'preview_forbidden');
  }
  const [row] = await db.select().from(trainingClasses).where(eq(trainingClasses.id, classId)).limit(1);
  if (!row) throw classNotFound();
  const readable = row.published || row.archivedAt !== null;
  if (isStaff(user)) {
    if (!readable && !preview) throw classNotFound();
    if (opts.write && row.archivedAt) throw classArchived();
    return row;
  }
  if (!readable) throw classNotFound();
  const [member] = await db
    .select({ userId: classMembers.userId })
    .from(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, user.id)))
    .limit(1);
  if (!member) throw classNotFound();
  if (opts.write && row.archivedAt) throw classArchived();
  return row;
}

/** The published classes a learner belongs to (staff: every published class), for cross-class views. */
export async function listMemberClasses(
  db: Database,
  user: AuthUser,
): Promise<{ id: string; name: string }[]> {
  if (isStaff(user)) {
    return db
      .select({ id: trainingClasses.id, name: trainingClasses.name })
      .from(trainingClasses)
      .where(eq(trainingClasses.published, true));
  }
  return db
    .select({ id: trainingClasses.id, name: trainingClasses.name })
    .from(trainingClasses)
    .innerJoin(classMembers, eq(classMembers.classId, trainingClasses.id))
    .where(and(eq(classMembers.userId, user.id), eq(trainingClasses.published, true)));
}

/** Member user ids of a class, for notifications. */
export async function listClassMemberIds(db: Database, classId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: classMembers.userId })
    .from(classMembers)
    .where(eq(classMembers.classId, classId));
  return rows.map((r) => r.userId);
}
