import type { Attendance, AttendanceStatus } from '@atrium/protocol/community';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { checkIns, classMembers } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { findSession, getAttendance } from './manage-sessions.ts';

/**
 * Staff mark a member's attendance of a class session by hand (a learner without a phone, a late arrival):
 * present or late write a check-in marked with who set it, absent removes it. Any time, not only inside the
 * check-in window: the window binds learners, not staff. Audited by the console routes' hook.
 */
export async function markAttendance(
  db: Database,
  sessionId: string,
  userId: string,
  status: AttendanceStatus,
  staffId: string,
): Promise<Attendance> {
  const session = await findSession(db, sessionId);
  const [member] = await db
    .select({ userId: classMembers.userId })
    .from(classMembers)
    .where(and(eq(classMembers.classId, session.classId), eq(classMembers.userId, userId)))
    .limit(1);
  if (!member) throw notFound('這位學員不在此課程', 'member_not_found');
  if (status === 'absent') {
    await db.delete(checkIns).where(and(eq(checkIns.sessionId, session.id), eq(checkIns.userId, userId)));
  } else {
    // A learner's own check-in keeps its time; staff change only how it counts.
    await db
      .insert(checkIns)
      .values({ sessionId: session.id, userId, status, markedBy: staffId })
      .onConflictDoUpdate({
        target: [checkIns.sessionId, checkIns.userId],
        set: { status, markedBy: staffId },
      });
  }
  return getAttendance(db, session);
}
