import type { ClassProgressReport, ProgressRow, ProgressSort } from '@atrium/protocol/progress';
import type { Database } from '../../db/client.ts';
import { labelUsers } from '../account/index.ts';
import { classAttendanceGrid, findAdminClass, listClassMemberIds } from '../training/index.ts';
import { latest, loadProgressFacts, progressCellOf } from './progress-facts.ts';

export interface ProgressReportQuery {
  sort: ProgressSort;
  order: 'asc' | 'desc';
  page: number;
  page_size: number;
}

const collator = new Intl.Collator('zh-TW');
const nameOf = (r: ProgressRow) => r.nickname || r.email;
const byName = (a: ProgressRow, b: ProgressRow) =>
  collator.compare(nameOf(a), nameOf(b)) || collator.compare(a.email, b.email);
const figure: Record<Exclude<ProgressSort, 'name'>, (r: ProgressRow) => number | null> = {
  points: (r) => r.points,
  completion: (r) => r.completed,
  activity: (r) => (r.last_activity_at ? Date.parse(r.last_activity_at) : null),
  attendance: (r) => r.attended,
};

/** Sorts the rows in place; ties (and no activity, always last) fall back to the name, A to Z. */
export function sortProgressRows(
  rows: ProgressRow[],
  sort: ProgressSort,
  order: 'asc' | 'desc',
): ProgressRow[] {
  const sign = order === 'asc' ? 1 : -1;
  if (sort === 'name') return rows.sort((a, b) => sign * byName(a, b));
  const value = figure[sort];
  return rows.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || byName(a, b);
  });
}

/**
 * A class's learner × task matrix with attendance (ADR 0062): every current member, every published task's
 * state, points and last activity, and each session's attendance. A constant number of queries whatever the
 * class size — members, their names, tasks, progress, hand-ins, sessions, check-ins — then sorted and paged
 * here, since the figures it sorts by come from two modules' tables.
 */
export async function classProgressReport(
  db: Database,
  classId: string,
  query: ProgressReportQuery,
  now = new Date(),
): Promise<ClassProgressReport> {
  const cls = await findAdminClass(db, classId);
  const memberIds = await listClassMemberIds(db, classId);
  const [labels, facts, grid] = await Promise.all([
    labelUsers(db, memberIds),
    loadProgressFacts(db, [classId]),
    classAttendanceGrid(db, classId, now),
  ]);
  const held = new Set(grid.sessions.filter((s) => s.startsAt.getTime() <= now.getTime()).map((s) => s.id));
  const rows = memberIds.flatMap((userId): ProgressRow[] => {
    const label = labels.get(userId);
    if (!label) return [];
    const cells = facts.tasks.map((t) => progressCellOf(facts, t, userId, now));
    const marks = grid.marks.get(userId);
    const last = latest(grid.lastCheckIn.get(userId), ...cells.map((c) => c.at));
    return [
      {
        user_id: userId,
        email: label.email,
        nickname: label.nickname,
        points: cells.reduce((sum, c) => sum + c.points, 0),
        completed: cells.filter((c) => c.state === 'completed').length,
        attended: [...(marks?.keys() ?? [])].filter((id) => held.has(id)).length,
        last_activity_at: last?.toISOString() ?? null,
        cells: cells.map(({ at: _, ...cell }) => cell),
        attendance: grid.sessions.map((s) => ({ session_id: s.id, status: marks?.get(s.id) ?? 'absent' })),
      },
    ];
  });
  sortProgressRows(rows, query.sort, query.order);
  const start = (query.page - 1) * query.page_size;
  return {
    class_id: cls.id,
    class_name: cls.name,
    tasks: facts.tasks.map((t) => ({
      id: t.id,
      title: t.title,
      points: t.points,
      due_at: t.dueAt.toISOString(),
      review: t.review,
    })),
    sessions: grid.sessions.map((s) => ({ id: s.id, title: s.title, starts_at: s.startsAt.toISOString() })),
    sessions_held: grid.held,
    points_total: facts.tasks.reduce((sum, t) => sum + t.points, 0),
    total: rows.length,
    page: query.page,
    page_size: query.page_size,
    rows: rows.slice(start, start + query.page_size),
  };
}
