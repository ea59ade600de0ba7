import type { LearnerProgress } from '@atrium/protocol/progress';
import type { Database } from '../../db/client.ts';
import { learnerAttendance } from '../training/index.ts';
import { loadProgressFacts, progressCellOf } from './progress-facts.ts';

/**
 * One learner's progress in each of their classes (ADR 0062): every published task's state, points and
 * last activity, and each session's attendance — the learner page's section. Six queries, however many
 * classes.
 */
export async function learnerProgress(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<LearnerProgress> {
  const classes = await learnerAttendance(db, userId, now);
  const facts = await loadProgressFacts(
    db,
    classes.map((c) => c.classId),
    userId,
  );
  return {
    classes: classes.map((c) => {
      const own = facts.tasks.filter((t) => t.classId === c.classId);
      const cells = own.map((t) => progressCellOf(facts, t, userId, now));
      return {
        class_id: c.classId,
        class_name: c.className,
        points: cells.reduce((sum, x) => sum + x.points, 0),
        points_total: own.reduce((sum, t) => sum + t.points, 0),
        completed: cells.filter((x) => x.state === 'completed').length,
        sessions_held: c.held,
        attended: c.attended,
        tasks: own.map((t, i) => {
          const cell = cells[i]!;
          return {
            id: t.id,
            title: t.title,
            points: t.points,
            due_at: t.dueAt.toISOString(),
            review: t.review,
            state: cell.state,
            review_state: cell.review_state,
            points_earned: cell.points,
            last_activity_at: cell.last_activity_at,
          };
        }),
        sessions: c.sessions.map((s) => ({
          id: s.id,
          title: s.title,
          starts_at: s.startsAt.toISOString(),
          status: s.status,
        })),
      };
    }),
  };
}
