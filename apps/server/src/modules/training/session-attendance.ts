import type { Attendance } from '@atrium/protocol/community';
import type { Database } from '../../db/client.ts';
import { attendanceCsv, findSession, getAttendance } from './manage-sessions.ts';

/** Who checked in to a class session, and when (404 when the session is gone). */
export async function readAttendance(db: Database, sessionId: string): Promise<Attendance> {
  return getAttendance(db, await findSession(db, sessionId));
}

/** The attendance of a class session as a CSV download: its file name and its text. */
export async function exportAttendanceCsv(
  db: Database,
  sessionId: string,
): Promise<{ filename: string; csv: string }> {
  const session = await findSession(db, sessionId);
  return { filename: `attendance-${session.id}.csv`, csv: attendanceCsv(await getAttendance(db, session)) };
}
