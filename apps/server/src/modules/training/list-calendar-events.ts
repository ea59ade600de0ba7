import type { CalendarEvent } from '@atrium/protocol/training';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { classSessions } from '../../db/schema.ts';
import { classTasks } from './class-tasks.ts';

/** Class sessions and the deadlines of published tasks, by start time. A deadline is a zero-length event. */
export async function listCalendarEvents(
  db: Database,
  classes: { id: string; name: string }[],
  userId: string,
): Promise<CalendarEvent[]> {
  if (classes.length === 0) return [];
  const names = new Map(classes.map((c) => [c.id, c.name]));
  const sessions = await db
    .select()
    .from(classSessions)
    .where(
      inArray(
        classSessions.classId,
        classes.map((c) => c.id),
      ),
    )
    .orderBy(asc(classSessions.startsAt));
  const tasks = await classTasks().list(db, classes, userId);
  const events: CalendarEvent[] = [
    ...sessions.map((s) => ({
      id: `session-${s.id}`,
      kind: 'session' as const,
      title: `${names.get(s.classId) ?? ''}：${s.title}`,
      starts_at: s.startsAt.toISOString(),
      ends_at: s.endsAt.toISOString(),
      class_id: s.classId,
      session_id: s.id,
      task_id: null,
    })),
    ...tasks.map((t) => ({
      id: `task-${t.id}`,
      kind: 'task_due' as const,
      title: `任務截止：${t.title}`,
      starts_at: t.due_at,
      ends_at: t.due_at,
      class_id: t.class_id,
      session_id: null,
      task_id: t.id,
    })),
  ];
  return events.sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}
