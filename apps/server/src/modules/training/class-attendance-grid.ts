import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { checkIns, classSessions } from '../../db/schema.ts';

export type AttendanceMark = 'present' | 'late';

export interface AttendanceGrid {
  /** Every session of the class, earliest first. */
  sessions: { id: string; title: string; startsAt: Date }[];
  /** Sessions already started: attendance is counted against these, not the ones to come. */
  held: number;
  /** user id → session id → how they attended (no entry: absent). */
  marks: Map<string, Map<string, AttendanceMark>>;
  /** user id → their own latest check-in (a staff mark is not the learner's activity). */
  lastCheckIn: Map<string, Date>;
}

/**
 * A class's sessions and every check-in to them, in two queries whatever the class size: the attendance
 * columns of the progress report (ADR 0062). Check-ins and staff marks are the same rows (ADR 0060).
 */
export async function classAttendanceGrid(
  db: Database,
  classId: string,
  now = new Date(),
): Promise<AttendanceGrid> {
  const sessions = await db
    .select({ id: classSessions.id, title: classSessions.title, startsAt: classSessions.startsAt })
    .from(classSessions)
    .where(eq(classSessions.classId, classId))
    .orderBy(asc(classSessions.startsAt), asc(classSessions.title));
  const rows = sessions.length
    ? await db
        .select({
          sessionId: checkIns.sessionId,
          userId: checkIns.userId,
          at: checkIns.checkedInAt,
          status: checkIns.status,
          markedBy: checkIns.markedBy,
        })
        .from(checkIns)
        .where(
          inArray(
            checkIns.sessionId,
            sessions.map((s) => s.id),
          ),
        )
    : [];
  const marks = new Map<string, Map<string, AttendanceMark>>();
  const lastCheckIn = new Map<string, Date>();
  for (const r of rows) {
    const mine = marks.get(r.userId) ?? new Map<string, AttendanceMark>();
    marks.set(r.userId, mine);
    mine.set(r.sessionId, r.status === 'late' ? 'late' : 'present');
    const last = lastCheckIn.get(r.userId);
    if (r.markedBy === null && (!last || last < r.at)) lastCheckIn.set(r.userId, r.at);
  }
  return {
    sessions,
    held: sessions.filter((s) => s.startsAt.getTime() <= now.getTime()).length,
    marks,
    lastCheckIn,
  };
}
