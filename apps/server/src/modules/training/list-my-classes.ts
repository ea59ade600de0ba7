import type { ClassList } from '@atrium/protocol/training';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { classMembers, classSessions, trainingClasses } from '../../db/schema.ts';
import type { AuthUser } from '../../types.d.ts';
import { isStaff } from '../account/index.ts';
import { classTasks } from './class-tasks.ts';
import { toSessionView } from './session-view.ts';

export const CLASS_PAGE_SIZE = 10;

/**
 * GET /v1/training-classes/?page=n: my published classes and my archived ones, which stay readable to their
 * members (ADR 0049); staff: every published class. Newest first.
 */
export async function listMyClasses(
  db: Database,
  user: AuthUser,
  page: number,
  now = new Date(),
): Promise<ClassList> {
  const published = eq(trainingClasses.published, true);
  let where: SQL | undefined = published;
  if (!isStaff(user)) {
    const mine = db
      .select({ id: classMembers.classId })
      .from(classMembers)
      .where(eq(classMembers.userId, user.id));
    where = and(or(published, isNotNull(trainingClasses.archivedAt)), inArray(trainingClasses.id, mine));
  }
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(trainingClasses).where(where);
  const rows = await db
    .select()
    .from(trainingClasses)
    .where(where)
    .orderBy(desc(trainingClasses.createdAt), asc(trainingClasses.name))
    .limit(CLASS_PAGE_SIZE)
    .offset((page - 1) * CLASS_PAGE_SIZE);
  const items = await Promise.all(
    rows.map(async (cls) => {
      const [next] = await db
        .select()
        .from(classSessions)
        .where(and(eq(classSessions.classId, cls.id), gt(classSessions.endsAt, now)))
        .orderBy(asc(classSessions.startsAt))
        .limit(1);
      return {
        id: cls.id,
        name: cls.name,
        description: cls.description,
        next_session: next ? toSessionView(next) : null,
        progress: await classTasks().progress(db, { id: cls.id, name: cls.name }, user.id, now),
      };
    }),
  );
  return { items, pagination: { page, page_size: CLASS_PAGE_SIZE, total } };
}
