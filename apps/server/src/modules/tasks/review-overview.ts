import type { ReviewOverview } from '@atrium/protocol/progress';
import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { taskSubmissions, tasks } from '../../db/schema.ts';
import { labelUsers } from '../account/index.ts';
import { classNames, currentMembers } from '../training/index.ts';

const OLDEST = 5;
const LOOK_AHEAD = 200;

/**
 * Hand-ins awaiting review across every class, counted as the classes' review queues count them (current
 * members only, ADR 0055), with the oldest few: the console home's review block (ADR 0062). Grouped per
 * class and learner first, so the membership check is one query however long the queue is.
 */
export async function reviewOverview(db: Database): Promise<ReviewOverview> {
  const groups = await db
    .select({
      classId: tasks.classId,
      userId: taskSubmissions.userId,
      n: count(),
    })
    .from(taskSubmissions)
    .innerJoin(tasks, eq(tasks.id, taskSubmissions.taskId))
    .where(eq(taskSubmissions.status, 'pending'))
    .groupBy(tasks.classId, taskSubmissions.userId);
  const members = await currentMembers(db, groups);
  const counted = groups.filter((g) => members.has(`${g.classId}:${g.userId}`));
  // The oldest hand-ins, left-out learners' dropped here; a bounded look-ahead keeps this one query.
  const candidates = counted.length
    ? await db
        .select({
          id: taskSubmissions.id,
          at: taskSubmissions.submittedAt,
          title: tasks.title,
          classId: tasks.classId,
          userId: taskSubmissions.userId,
        })
        .from(taskSubmissions)
        .innerJoin(tasks, eq(tasks.id, taskSubmissions.taskId))
        .where(eq(taskSubmissions.status, 'pending'))
        .orderBy(asc(taskSubmissions.submittedAt))
        .limit(LOOK_AHEAD)
    : [];
  const rows = candidates.filter((r) => members.has(`${r.classId}:${r.userId}`)).slice(0, OLDEST);
  const [names, labels] = await Promise.all([
    classNames(
      db,
      rows.map((r) => r.classId),
    ),
    labelUsers(
      db,
      rows.map((r) => r.userId),
    ),
  ]);
  return {
    pending: counted.reduce((sum, g) => sum + Number(g.n), 0),
    oldest: rows.map((r) => ({
      id: r.id,
      class_id: r.classId,
      class_name: names.get(r.classId) ?? '',
      task_title: r.title,
      learner: labels.get(r.userId)?.nickname || labels.get(r.userId)?.email || '',
      submitted_at: r.at.toISOString(),
    })),
  };
}
