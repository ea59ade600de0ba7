import type { TodaySessions } from '@atrium/protocol/progress';
import { and, asc, count, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { checkIns, classMembers, classSessions, trainingClasses } from '../../db/schema.ts';

// Taiwan keeps UTC+8 all year (no daylight saving since 1979), so the Taipei day is a fixed offset.
const TAIPEI_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The Taipei calendar day holding `now`: its date and its bounds as instants. */
export function taipeiDay(now: Date): { date: string; start: Date; end: Date } {
  const local = now.getTime() + TAIPEI_OFFSET_MS;
  const startLocal = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  return {
    date: new Date(startLocal).toISOString().slice(0, 10),
    start: new Date(startLocal - TAIPEI_OFFSET_MS),
    end: new Date(startLocal - TAIPEI_OFFSET_MS + DAY_MS),
  };
}

/**
 * Class sessions starting on today's Taipei date in classes not archived, earliest first, each with its
 * member and check-in counts: the console home's first block (ADR 0062). Three queries, at most 100 sessions.
 */
export async function listTodaySessions(db: Database, now = new Date()): Promise<TodaySessions> {
  const day = taipeiDay(now);
  const rows = await db
    .select({ session: classSessions, className: trainingClasses.name })
    .from(classSessions)
    .innerJoin(trainingClasses, eq(trainingClasses.id, classSessions.classId))
    .where(
      and(
        gte(classSessions.startsAt, day.start),
        lt(classSessions.startsAt, day.end),
        isNull(trainingClasses.archivedAt),
      ),
    )
    .orderBy(asc(classSessions.startsAt), asc(trainingClasses.name))
    .limit(100);
  if (rows.length === 0) return { date: day.date, items: [] };
  const classIds = [...new Set(rows.map((r) => r.session.classId))];
  const [members, checked] = await Promise.all([
    db
      .select({ classId: classMembers.classId, n: count() })
      .from(classMembers)
      .where(inArray(classMembers.classId, classIds))
      .groupBy(classMembers.classId),
    db
      .select({ sessionId: checkIns.sessionId, n: count() })
      .from(checkIns)
      .where(
        inArray(
          checkIns.sessionId,
          rows.map((r) => r.session.id),
        ),
      )
      .groupBy(checkIns.sessionId),
  ]);
  const memberCount = new Map(members.map((m) => [m.classId, Number(m.n)]));
  const checkedCount = new Map(checked.map((c) => [c.sessionId, Number(c.n)]));
  return {
    date: day.date,
    items: rows.map(({ session: s, className }) => ({
      id: s.id,
      class_id: s.classId,
      class_name: className,
      title: s.title,
      starts_at: s.startsAt.toISOString(),
      ends_at: s.endsAt.toISOString(),
      members: memberCount.get(s.classId) ?? 0,
      checked_in: checkedCount.get(s.id) ?? 0,
    })),
  };
}
