import type { TaskProgress } from '@atrium/protocol/training';
import type { Database } from '../../db/client.ts';
import { type ClassRef, listClassTasks } from './list-class-tasks.ts';
import { toProgress } from './task-board.ts';

/** A learner's progress figures in one class (published tasks only). */
export async function classProgress(
  db: Database,
  cls: ClassRef,
  userId: string,
  now = new Date(),
): Promise<TaskProgress> {
  return toProgress(await listClassTasks(db, [cls], userId, { now }));
}
