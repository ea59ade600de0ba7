import type { Database } from '../../db/client.ts';
import { issueCertificate } from '../training/index.ts';
import { type ClassRef, listClassTasks } from './list-class-tasks.ts';

/** Issues the class certificate once every published task is completed; answers its verification id. */
export async function certifyIfDone(db: Database, cls: ClassRef, userId: string, now: Date) {
  const all = await listClassTasks(db, [cls], userId, { now });
  const done = all.length > 0 && all.every((t) => t.state === 'completed');
  return done ? ((await issueCertificate(db, cls, userId, now)).verification_id ?? null) : null;
}
