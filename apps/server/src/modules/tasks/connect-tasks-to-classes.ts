import { onClassCopied, onClassOpened, provideClassTasks } from '../training/index.ts';
import { announceOpenTasks } from './announce-task.ts';
import { classProgress } from './class-progress.ts';
import { copyClassTasks } from './copy-class-tasks.ts';
import { listClassTasks } from './list-class-tasks.ts';
import { listCompleters } from './manage-tasks.ts';

/**
 * Tasks belong to a class, so they follow what happens to it: a copied class gets copies of its tasks, an
 * opened one announces its open tasks; and training's views of a class (progress, calendar, certificates)
 * read its tasks from here. Called once, by the composition root (connect-modules.ts).
 */
export function connectTasksToClasses(): void {
  onClassCopied(({ db, sourceId, copyId }) => copyClassTasks(db, sourceId, copyId));
  onClassOpened(({ db, cls }) => announceOpenTasks(db, cls));
  provideClassTasks({
    progress: classProgress,
    list: (db, classes, userId) => listClassTasks(db, classes, userId),
    completers: listCompleters,
  });
}
