import { impersonationMessages } from '@atrium/protocol';
import type { CalendarFeed } from '@atrium/protocol/training';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { calendarFeeds, classMembers, trainingClasses } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { listCalendarEvents } from './list-calendar-events.ts';
import { renderIcs } from './render-ics.ts';

/**
 * A new secret feed address for the signed-in user; the previous one stops working at once. Refused to an
 * admin viewing as the learner: the address would keep reading the learner's classes after the
 * impersonation ends (ADR 0043).
 */
export async function rotateCalendarFeed(
  db: Database,
  user: { id: string; impersonatorId: string | null },
  publicUrl: string,
): Promise<CalendarFeed> {
  if (user.impersonatorId) throw forbidden(impersonationMessages.readOnly, 'impersonation_read_only');
  const userId = user.id;
  const token = randomToken();
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: sha256(token) })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: sha256(token), createdAt: new Date() },
    });
  const path = `/v1/calendar/${token}.ics`;
  return { path, url: new URL(path, publicUrl).toString() };
}

export async function revokeCalendarFeed(db: Database, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The .ics body for a feed token: every published class the owner is a member of. */
export async function renderCalendarFeed(db: Database, token: string, host: string): Promise<string> {
  const [feed] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, sha256(token)))
    .limit(1);
  if (!feed) throw notFound('找不到這個行事曆', 'calendar_not_found');
  const classes = (
    await db
      .select({ id: trainingClasses.id, name: trainingClasses.name, published: trainingClasses.published })
      .from(trainingClasses)
      .innerJoin(classMembers, eq(classMembers.classId, trainingClasses.id))
      .where(eq(classMembers.userId, feed.userId))
  ).filter((c) => c.published);
  return renderIcs(await listCalendarEvents(db, classes, feed.userId), { host });
}
