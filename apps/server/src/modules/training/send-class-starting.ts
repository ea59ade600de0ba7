import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { classSessions, trainingClasses } from '../../db/schema.ts';
import { notifyUsers } from '../notify/index.ts';
import { claimReminder } from './claim-reminder.ts';
import { listClassMemberIds } from './open-class.ts';

/** Look-ahead of the 「課程即將開始」 message: an hour before the session starts. */
export const CLASS_STARTING_LEAD_MS = 60 * 60_000;

/** Tells the members of each published class whose session starts within the hour; once per session. */
export async function sendClassStarting(db: Database, now = new Date()): Promise<number> {
  const soon = await db
    .select({ session: classSessions, className: trainingClasses.name })
    .from(classSessions)
    .innerJoin(trainingClasses, eq(trainingClasses.id, classSessions.classId))
    .where(
      and(
        eq(trainingClasses.published, true),
        gt(classSessions.startsAt, now),
        lte(classSessions.startsAt, new Date(now.getTime() + CLASS_STARTING_LEAD_MS)),
      ),
    );
  let sent = 0;
  for (const { session, className } of soon) {
    if (!(await claimReminder(db, `class-starting:${session.id}`, now))) continue;
    const minutes = Math.max(1, Math.round((session.startsAt.getTime() - now.getTime()) / 60_000));
    sent += await notifyUsers(db, await listClassMemberIds(db, session.classId), {
      title: `${className}：${session.title} 即將開始`,
      body: `課程將於 ${minutes} 分鐘後開始，別忘了簽到。`,
      category: 'training',
      link: `/training/${session.classId}`,
    });
  }
  return sent;
}
