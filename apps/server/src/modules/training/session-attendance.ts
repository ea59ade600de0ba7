import type { Attendance } from '@atrium/protocol/community';
import type { Database } from '../../db/client.ts';
import { csvFileName, taipeiDate, taipeiTime, toCsv } from '../../lib/csv-export.ts';
import { findAdminClass } from './manage-classes.ts';
import { findSession, getAttendance } from './manage-sessions.ts';

/** Who checked in to a class session, and when (404 when the session is gone). */
export async function readAttendance(db: Database, sessionId: string): Promise<Attendance> {
  return getAttendance(db, await findSession(db, sessionId));
}

const statusWord = { present: '出席', late: '遲到', absent: '缺席' } as const;
const yesNo = (v: boolean) => (v ? '是' : '否');

/**
 * The attendance of a class session as a CSV download, in the progress report's convention (issue 36): zh-TW
 * headers and words, Taipei times, named after the class, the session and its Taipei date.
 */
export async function exportAttendanceCsv(
  db: Database,
  sessionId: string,
): Promise<{ filename: string; ascii: string; csv: string }> {
  const session = await findSession(db, sessionId);
  const cls = await findAdminClass(db, session.classId);
  const attendance = await getAttendance(db, session);
  const lines = [['學員', 'Email', '已簽到', '簽到時間（台北時間）', '出席狀態', '由工作人員標記']];
  for (const r of attendance.rows)
    lines.push([
      r.nickname,
      r.email,
      yesNo(Boolean(r.checked_in_at)),
      taipeiTime(r.checked_in_at),
      statusWord[r.status],
      yesNo(r.marked_by_staff),
    ]);
  const day = taipeiDate(session.startsAt);
  return {
    filename: csvFileName(cls.name, session.title, '出席', day),
    ascii: `attendance-${day}.csv`,
    csv: toCsv(lines),
  };
}
