import type { ClassProgressReport, ProgressCell } from '@atrium/protocol/progress';
import type { Database } from '../../db/client.ts';
import { csvFileName, taipeiDate, taipeiTime, toCsv } from '../../lib/csv-export.ts';
import { classProgressReport, type ProgressReportQuery } from './class-progress-report.ts';

/** The words of the task board and review (ADR 0055), as the console shows them. */
function cellWord(c: Pick<ProgressCell, 'state' | 'review_state'>): string {
  if (c.state === 'completed') return '已完成';
  if (c.state === 'expired') return '已過期';
  if (c.state === 'available') return '未接受';
  if (c.review_state === 'pending') return '審核中';
  if (c.review_state === 'returned') return '需修改';
  return '進行中';
}
const attendanceWord = { present: '出席', late: '遲到', absent: '缺席' } as const;

function progressCsv(report: ClassProgressReport): string {
  const header = [
    '學員',
    'Email',
    '總積分',
    // Counts and their totals in cells of their own: `3/4` is a date to Excel and LibreOffice (issue 36).
    '完成任務',
    '任務總數',
    '出席場次',
    '已舉行場次',
    '最後活動（台北時間）',
    ...report.tasks.flatMap((t) => [`${t.title}｜狀態`, `${t.title}｜積分`, `${t.title}｜最後活動`]),
    ...report.sessions.map((s) => `${s.title}｜${taipeiTime(s.starts_at)}`),
  ];
  const lines = [header];
  for (const r of report.rows)
    lines.push([
      r.nickname,
      r.email,
      String(r.points),
      String(r.completed),
      String(report.tasks.length),
      String(r.attended),
      String(report.sessions_held),
      taipeiTime(r.last_activity_at),
      ...r.cells.flatMap((c) => [cellWord(c), String(c.points), taipeiTime(c.last_activity_at)]),
      ...r.attendance.map((a) => attendanceWord[a.status]),
    ]);
  return toCsv(lines);
}

/** The whole class's report in the screen's order as CSV, and its file name: the class and the Taipei date. */
export async function exportProgressCsv(
  db: Database,
  classId: string,
  order: Pick<ProgressReportQuery, 'sort' | 'order'>,
  now = new Date(),
): Promise<{ filename: string; ascii: string; csv: string }> {
  const report = await classProgressReport(
    db,
    classId,
    { ...order, page: 1, page_size: Number.MAX_SAFE_INTEGER },
    now,
  );
  const day = taipeiDate(now);
  return {
    filename: csvFileName(report.class_name, '學習進度', day),
    ascii: `progress-${day}.csv`,
    csv: progressCsv(report),
  };
}
