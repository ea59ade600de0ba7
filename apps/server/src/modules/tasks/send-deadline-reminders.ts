import { and, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { taskProgress, tasks } from '../../db/schema.ts';
import { notifyUsers } from '../notify/index.ts';
import { claimReminder, findAdminClass, listClassMemberIds } from '../training/index.ts';

/** 「任務即將截止」 goes out a day before the deadline. */
export const DEADLINE_LEAD_MS = 24 * 60 * 60_000;

/**
 * Reminds members who have not completed a published task of a published class due within a day; once
 * per task. Sent by a sweep (apps/server/src/reminder-sweep.ts), not computed on read, so the message
 * lands in the inbox even when nobody looks.
 */
export async function sendDeadlineReminders(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.published, true),
        gt(tasks.dueAt, now),
        lte(tasks.dueAt, new Date(now.getTime() + DEADLINE_LEAD_MS)),
      ),
    );
  let sent = 0;
  for (const task of due) {
    // A draft class's members hear nothing of it; left unclaimed, the reminder goes out if it opens in time.
    if (!(await findAdminClass(db, task.classId)).published) continue;
    if (!(await claimReminder(db, `task-due:${task.id}`, now))) continue;
    const done = await db
      .select({ userId: taskProgress.userId })
      .from(taskProgress)
      .where(and(eq(taskProgress.taskId, task.id), isNotNull(taskProgress.completedAt)));
    const finished = new Set(done.map((d) => d.userId));
    const recipients = (await listClassMemberIds(db, task.classId)).filter((id) => !finished.has(id));
    const hours = Math.max(1, Math.round((task.dueAt.getTime() - now.getTime()) / 3_600_000));
    sent += await notifyUsers(db, recipients, {
      title: `任務即將截止：${task.title}`,
      body: `距離截止還有約 ${hours} 小時，完成後記得在任務看板按「完成」。`,
      category: 'task',
      link: `/tasks/${task.id}`,
    });
  }
  return sent;
}
