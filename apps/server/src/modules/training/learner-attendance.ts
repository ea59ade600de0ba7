import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { checkIns, classMembers, classSessions, trainingClasses } from '../../db/schema.ts';
import type { AttendanceMark } from './class-attendance-grid.ts';

export interface LearnerClassAttendance {
  classId: string;
  className: string;
  sessions: { id: string; title: string; startsAt: Date; status: AttendanceMark | 'absent' }[];
  held: number;
  attended: number;
  /** Their own latest check-in in this class. */
  lastCheckIn: Date | null;
}

/**
 * The classes a learner belongs to (archived ones too: their record stays), each with its sessions and how
 * the learner attended, in three queries: the per-learner side of the progress report (ADR 0062).
 */
export async function learnerAttendance(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<LearnerClassAttendance[]> {
  const classes = await db
    .select({ id: trainingClasses.id, name: trainingClasses.name })
    .from(classMembers)
    .innerJoin(trainingClasses, eq(trainingClasses.id, classMembers.classId))
    .where(eq(classMembers.userId, userId))
    .orderBy(asc(trainingClasses.name));
  if (classes.length === 0) return [];
  const sessions = await db
    .select({
      id: classSessions.id,
      classId: classSessions.classId,
      title: classSessions.title,
      startsAt: classSessions.startsAt,
    })
    .from(classSessions)
    .where(
      inArray(
        classSessions.classId,
        classes.map((c) => c.id),
      ),
    )
    .orderBy(asc(classSessions.startsAt), asc(classSessions.title));
  const mine = sessions.length
    ? await db
        .select({
          sessionId: checkIns.sessionId,
          at: checkIns.checkedInAt,
          status: checkIns.status,
          markedBy: checkIns.markedBy,
        })
        .from(checkIns)
        .where(
          and(
            eq(checkIns.userId, userId),
            inArray(
              checkIns.sessionId,
              sessions.map((s) => s.id),
            ),
          ),
        )
    : [];
  const bySession = new Map(mine.map((c) => [c.sessionId, c]));
  return classes.map((c) => {
    const own = sessions.filter((s) => s.classId === c.id);
    const started = own.filter((s) => s.startsAt.getTime() <= now.getTime());
    const checkedIn = own.flatMap((s) => bySession.get(s.id) ?? []);
    const ownCheckIns = checkedIn.filter((x) => x.markedBy === null).map((x) => x.at);
    return {
      classId: c.id,
      className: c.name,
      sessions: own.map((s) => {
        const ci = bySession.get(s.id);
        return {
          id: s.id,
          title: s.title,
          startsAt: s.startsAt,
          status: ci ? (ci.status === 'late' ? 'late' : 'present') : 'absent',
        };
      }),
      held: started.length,
      attended: started.filter((s) => bySession.has(s.id)).length,
      lastCheckIn: ownCheckIns.length ? new Date(Math.max(...ownCheckIns.map((d) => d.getTime()))) : null,
    };
  });
}
