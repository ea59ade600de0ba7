import type { ClassProgressReport, ProgressCell } from '@atrium/protocol/progress';
import type { Database } from '../../db/client.ts';
import { classProgressReport, type ProgressReportQuery } from './class-progress-report.ts';

// Times as every screen shows them: Asia/Taipei (issue 23), in a form spreadsheets read as a date.
const taipei = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function taipeiTime(iso: string | null): string {
  if (!iso) return '';
  const p = Object.fromEntries(taipei.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
const taipeiDate = (d: Date) => taipeiTime(d.toISOString()).slice(0, 10);

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

/**
 * RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled, lines end in CRLF. A cell
 * starting with = + - @ (or a tab or CR) is prefixed with ' so a learner's nickname cannot become a formula
 * in the spreadsheet of the staff member who opens the file.
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function progressCsv(report: ClassProgressReport): string {
  const header = [
    '學員',
    'Email',
    '總積分',
    '完成任務',
    '出席場次',
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
      `${r.completed}/${report.tasks.length}`,
      `${r.attended}/${report.sessions_held}`,
      taipeiTime(r.last_activity_at),
      ...r.cells.flatMap((c) => [cellWord(c), String(c.points), taipeiTime(c.last_activity_at)]),
      ...r.attendance.map((a) => attendanceWord[a.status]),
    ]);
  // The BOM makes Excel read the file as UTF-8, so Chinese names and headers open intact.
  return `\uFEFF${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The whole class's report in the screen's order as CSV, and its file name: the class and the Taipei date. */
export async function exportProgressCsv(
  db: Database,
  classId: string,
  order: Pick<ProgressReportQuery, 'sort' | 'order'>,
  now = new Date(),
): Promise<{ filename: string; csv: string }> {
  const report = await classProgressReport(
    db,
    classId,
    { ...order, page: 1, page_size: Number.MAX_SAFE_INTEGER },
    now,
  );
  // Characters no file system accepts, and control characters, become a dash.
  const name = report.class_name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim() || 'class';
  return { filename: `${name}-學習進度-${taipeiDate(now)}.csv`, csv: progressCsv(report) };
}
