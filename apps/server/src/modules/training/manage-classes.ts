import type { AdminClass, ClassInput, ClassPatch } from '@atrium/protocol/community';
import { and, count, desc, eq, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { classMembers, trainingClasses } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/escape-like.ts';
import { classOpened } from './class-events.ts';
import { type ClassRow, classNotFound } from './open-class.ts';

function toAdminClass(row: ClassRow, members: number): AdminClass {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    welcome: row.welcome,
    published: row.published,
    archived: row.archivedAt !== null,
    members,
    created_at: row.createdAt.toISOString(),
  };
}

async function memberCount(db: Database, classId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(classMembers).where(eq(classMembers.classId, classId));
  return row?.n ?? 0;
}

/** Every class for the console, newest first; archived ones only when asked for. */
export async function listAdminClasses(
  db: Database,
  opts: { archived: boolean; q: string },
): Promise<AdminClass[]> {
  const filters: SQL[] = [
    opts.archived ? isNotNull(trainingClasses.archivedAt) : isNull(trainingClasses.archivedAt),
  ];
  if (opts.q) filters.push(ilike(trainingClasses.name, `%${escapeLike(opts.q)}%`));
  const rows = await db
    .select({ cls: trainingClasses, members: count(classMembers.userId) })
    .from(trainingClasses)
    .leftJoin(classMembers, eq(classMembers.classId, trainingClasses.id))
    .where(and(...filters))
    .groupBy(trainingClasses.id)
    .orderBy(desc(trainingClasses.createdAt))
    .limit(500);
  return rows.map((r) => toAdminClass(r.cls, r.members));
}

/** Any class by id, published or not (the console's gate; learners go through openClass). */
export async function findAdminClass(db: Database, classId: string): Promise<ClassRow> {
  const [row] = await db.select().from(trainingClasses).where(eq(trainingClasses.id, classId)).limit(1);
  if (!row) throw classNotFound();
  return row;
}

export async function getAdminClass(db: Database, classId: string): Promise<AdminClass> {
  const row = await findAdminClass(db, classId);
  return toAdminClass(row, await memberCount(db, classId));
}

/** A new class starts unpublished: staff fill the outline first, then publish. */
export async function createClass(db: Database, input: ClassInput): Promise<AdminClass> {
  const [row] = await db
    .insert(trainingClasses)
    .values({ ...input, published: false })
    .returning();
  return toAdminClass(row!, 0);
}

/** Edit, publish/unpublish, archive/unarchive. Archiving also unpublishes, so learners lose it at once. */
export async function updateClass(db: Database, classId: string, patch: ClassPatch): Promise<AdminClass> {
  const current = await findAdminClass(db, classId);
  const { archived, ...fields } = patch;
  const archivedAt =
    archived === undefined ? current.archivedAt : archived ? (current.archivedAt ?? new Date()) : null;
  if (archivedAt && fields.published)
    throw badRequest('class_archived', '已封存的課程無法發布，請先取消封存');
  const [row] = await db
    .update(trainingClasses)
    .set({ ...fields, archivedAt, ...(archivedAt ? { published: false } : {}) })
    .where(eq(trainingClasses.id, classId))
    .returning();
  // Opening a class tells its members about what was prepared while it was a draft (tasks: one message).
  if (row!.published && !current.published) await classOpened.emit({ db, cls: row! });
  return toAdminClass(row!, await memberCount(db, classId));
}
