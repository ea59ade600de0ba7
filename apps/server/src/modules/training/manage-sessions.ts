import type { Attendance, SessionInput } from '@atrium/protocol/community';
import type { ClassSession } from '@atrium/protocol/training';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { checkIns, classMembers, classSessions } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { byEmail, labelUsers } from '../account/index.ts';
import { rearmReminder } from './claim-reminder.ts';
import { type SessionRow, toSessionView } from './session-view.ts';

const sessionNotFound = () => notFound('找不到這個場次', 'session_not_found');

const toRow = (input: SessionInput) => ({
  title: input.title,
  startsAt: new Date(input.starts_at),
  endsAt: new Date(input.ends_at),
  checkInOpensAt: new Date(input.check_in_opens_at),
  checkInClosesAt: new Date(input.check_in_closes_at),
  liveUrl: input.live_url,
});

export async function listSessions(db: Database, classId: string): Promise<ClassSession[]> {
  const rows = await db
    .select()
    .from(classSessions)
    .where(eq(classSessions.classId, classId))
    .orderBy(asc(classSessions.startsAt));
  return rows.map(toSessionView);
}

export async function findSession(db: Database, sessionId: string): Promise<SessionRow> {
  const [row] = await db.select().from(classSessions).where(eq(classSessions.id, sessionId)).limit(1);
  if (!row) throw sessionNotFound();
  return row;
}

/** Schedules a session; the class-starting reminder of the sweep picks it up like any other. */
export async function addSession(db: Database, classId: string, input: SessionInput): Promise<ClassSession> {
  const [row] = await db
    .insert(classSessions)
    .values({ classId, ...toRow(input) })
    .returning();
  return toSessionView(row!);
}

/** Edits a session; a moved start re-arms its class-starting reminder. */
export async function updateSession(
  db: Database,
  sessionId: string,
  input: SessionInput,
): Promise<ClassSession> {
  const current = await findSession(db, sessionId);
  const [row] = await db
    .update(classSessions)
    .set(toRow(input))
    .where(eq(classSessions.id, sessionId))
    .returning();
  if (!row) throw sessionNotFound();
  if (row.startsAt.getTime() !== current.startsAt.getTime())
    await rearmReminder(db, `class-starting:${sessionId}`);
  return toSessionView(row);
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  const gone = await db
    .delete(classSessions)
    .where(eq(classSessions.id, sessionId))
    .returning({ id: classSessions.id });
  if (!gone.length) throw sessionNotFound();
}

/** Every member of the class with when they checked in to this session (null: absent), and how. */
export async function getAttendance(db: Database, session: SessionRow): Promise<Attendance> {
  const rows = await db
    .select({
      userId: classMembers.userId,
      checkedInAt: checkIns.checkedInAt,
      status: checkIns.status,
      markedBy: checkIns.markedBy,
    })
    .from(classMembers)
    .leftJoin(checkIns, and(eq(checkIns.userId, classMembers.userId), eq(checkIns.sessionId, session.id)))
    .where(eq(classMembers.classId, session.classId));
  const members = byEmail(
    rows,
    await labelUsers(
      db,
      rows.map((r) => r.userId),
    ),
  );
  return {
    session_id: session.id,
    title: session.title,
    members: members.length,
    checked_in: members.filter(({ row }) => row.checkedInAt).length,
    rows: members.map(({ row, label }) => ({
      user_id: label.id,
      email: label.email,
      nickname: label.nickname,
      checked_in_at: row.checkedInAt?.toISOString() ?? null,
      status: row.checkedInAt ? (row.status === 'late' ? 'late' : 'present') : 'absent',
      marked_by_staff: row.markedBy !== null,
    })),
  };
}
