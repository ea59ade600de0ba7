import type { TaskView } from '@atrium/protocol/tasks';
import type { TaskProgress } from '@atrium/protocol/training';
import type { Database } from '../../db/client.ts';

interface ClassRef {
  id: string;
  name: string;
}

/**
 * What training shows of a class's tasks: a learner's progress on their classes, deadlines in the calendar,
 * who completed them for certificates. The tasks module answers; it stands above training (tasks belong to
 * a class), so it provides these at start (connect-modules.ts) instead of training importing it.
 */
export interface ClassTasks {
  progress(db: Database, cls: ClassRef, userId: string, now: Date): Promise<TaskProgress>;
  /** The published tasks of these classes as this learner sees them. */
  list(db: Database, classes: ClassRef[], userId: string): Promise<TaskView[]>;
  /** Members who completed every published task of the class. */
  completers(db: Database, classId: string): Promise<string[]>;
}

let provided: ClassTasks | undefined;

export function provideClassTasks(tasks: ClassTasks): void {
  provided = tasks;
}

export function classTasks(): ClassTasks {
  if (!provided) throw new Error('No module provides class tasks: run connectModules() (connect-modules.ts)');
  return provided;
}
