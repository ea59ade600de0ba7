import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { classMembers } from '../../db/schema.ts';

/**
 * Which of these (class, learner) pairs are current memberships, as `classId:userId` keys, in one query: other
 * modules' cross-class lists (the console home's review count) leave out learners who left a class.
 */
export async function currentMembers(
  db: Database,
  pairs: readonly { classId: string; userId: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await db
    .select({ classId: classMembers.classId, userId: classMembers.userId })
    .from(classMembers)
    .where(
      and(
        inArray(classMembers.classId, [...new Set(pairs.map((p) => p.classId))]),
        inArray(classMembers.userId, [...new Set(pairs.map((p) => p.userId))]),
      ),
    );
  return new Set(rows.map((r) => `${r.classId}:${r.userId}`));
}
