import type { NewTaskBody, TaskView } from '@atrium/protocol/tasks';
import type { Database } from '../../db/client.ts';
import { tasks } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { announceTask } from './announce-task.ts';
import type { ClassRef } from './list-class-tasks.ts';
import { toTaskView } from './task-view.ts';

/** Staff add a task to a class; when task and class are published every member gets 「新任務」. */
export async function createTask(
  db: Database,
  cls: ClassRef & { published: boolean },
  input: NewTaskBody,
  now = new Date(),
): Promise<TaskView> {
  const dueAt = new Date(input.due_at);
  if (dueAt.getTime() <= now.getTime()) throw badRequest('due_in_past', '截止時間必須晚於現在');
  const [row] = await db
    .insert(tasks)
    .values({
      classId: cls.id,
      title: input.title,
      description: input.description,
      dueAt,
      points: input.points,
      published: input.published,
      submissionKind: input.submission_kind,
      review: input.review,
    })
    .returning();
  if (row!.published) await announceTask(db, cls, row!, now);
  return toTaskView(row!, null, cls.name, now);
}
