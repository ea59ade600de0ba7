import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tasks } from '../../db/schema.ts';
import { notifyUsers } from '../notify/index.ts';
import { claimReminder, listClassMemberIds } from '../training/index.ts';

type Task = Pick<typeof tasks.$inferSelect, 'id' | 'title' | 'dueAt'>;
interface OpenableClass {
  id: string;
  name: string;
  published: boolean;
}

// Once per task, ever: re-publishing a task or its class never tells the class about it twice.
const announced = (db: Database, taskId: string, now: Date) => claimReminder(db, `task-new:${taskId}`, now);
// Taipei time, as every screen of the portal and the console shows it (issue 23); a message is text, read later.
const taipei = new Intl.DateTimeFormat('zh-TW', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const when = (d: Date) => {
  const part = Object.fromEntries(taipei.formatToParts(d).map((p) => [p.type, p.value]));
  return `${part.year}/${part.month}/${part.day} ${part.hour}:${part.minute}（台北時間）`;
};

/**
 * 「新任務」 for one published task, to the members of its class, only while the class is published: a
 * draft class's tasks stay unannounced until the class opens (announceOpenTasks).
 */
export async function announceTask(db: Database, cls: OpenableClass, task: Task, now = new Date()) {
  if (!cls.published || !(await announced(db, task.id, now))) return;
  await notifyUsers(db, await listClassMemberIds(db, cls.id), {
    title: `新任務：${task.title}`,
    body: `${cls.name} 有新任務，截止時間 ${when(task.dueAt)}。`,
    category: 'task',
    link: `/tasks/${task.id}`,
  });
}

/**
 * When a class opens: one message per member for all its published tasks not yet announced and still
 * open (one task: that task; several: the board), so a class prepared with ten tasks sends one, not ten.
 */
export async function announceOpenTasks(db: Database, cls: OpenableClass, now = new Date()) {
  if (!cls.published) return;
  const open = await db
    .select({ id: tasks.id, title: tasks.title, dueAt: tasks.dueAt })
    .from(tasks)
    .where(and(eq(tasks.classId, cls.id), eq(tasks.published, true), gt(tasks.dueAt, now)))
    .orderBy(asc(tasks.dueAt));
  const fresh: Task[] = [];
  for (const task of open) if (await announced(db, task.id, now)) fresh.push(task);
  if (!fresh.length) return;
  const [first] = fresh;
  await notifyUsers(
    db,
    await listClassMemberIds(db, cls.id),
    fresh.length === 1
      ? {
          title: `新任務：${first!.title}`,
          body: `${cls.name} 有新任務，截止時間 ${when(first!.dueAt)}。`,
          category: 'task',
          link: `/tasks/${first!.id}`,
        }
      : {
          title: `新任務：${cls.name} 有 ${fresh.length} 個任務`,
          body: `最早的截止時間 ${when(first!.dueAt)}（${first!.title}）。`,
          category: 'task',
          link: '/tasks',
        },
  );
}
