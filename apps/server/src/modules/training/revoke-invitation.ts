import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { classInvitations } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { openInvitation } from './open-invitation.ts';

/** Withdraws an unused invitation: its link answers 「已取消」 and verifying the address no longer joins the class. */
export async function revokeInvitation(
  db: Database,
  classId: string,
  invitationId: string,
  now = new Date(),
): Promise<void> {
  const done = await db
    .update(classInvitations)
    .set({ revokedAt: now })
    .where(openInvitation(classId, invitationId))
    .returning({ id: classInvitations.id });
  if (done.length) return;
  // Same answers as a resend: an invitation of another class (or none) is not found, not a conflict.
  const [found] = await db
    .select({ id: classInvitations.id })
    .from(classInvitations)
    .where(and(eq(classInvitations.classId, classId), eq(classInvitations.id, invitationId)));
  if (!found) throw notFound('找不到這份邀請', 'invitation_not_found');
  throw conflict('invitation_not_open', '找不到可取消的邀請（可能已使用或已取消）');
}
