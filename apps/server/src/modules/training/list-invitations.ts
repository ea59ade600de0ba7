import type { InvitationView } from '@atrium/protocol/invitations';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { classInvitations } from '../../db/schema.ts';
import { toInvitationView } from './invitation-view.ts';

/** A class's invitations, newest first (at most 500: a class is a cohort, not a mailing list). */
export async function listInvitations(
  db: Database,
  classId: string,
  now = new Date(),
): Promise<InvitationView[]> {
  const rows = await db
    .select()
    .from(classInvitations)
    .where(eq(classInvitations.classId, classId))
    .orderBy(desc(classInvitations.createdAt))
    .limit(500);
  return rows.map((r) => toInvitationView(r, now));
}
