import type { Database } from '../../db/client.ts';
import { classTasks } from './class-tasks.ts';
import { issueForCompleters } from './manage-certificates.ts';
import { findAdminClass } from './manage-classes.ts';

/** Issues a certificate to every completer of the class who has none yet (404 when the class is gone). */
export async function issueClassCertificates(db: Database, classId: string) {
  const cls = await findAdminClass(db, classId);
  return issueForCompleters(db, cls, await classTasks().completers(db, cls.id));
}
