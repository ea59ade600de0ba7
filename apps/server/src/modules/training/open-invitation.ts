import { and, eq, isNull } from 'drizzle-orm';
import { classInvitations } from '../../db/schema.ts';

/** The condition naming one invitation of a class that is neither used nor revoked: the only kind staff may resend,
 * revoke, or send when a draft is published. */
export const openInvitation = (classId: string, invitationId: string) =>
  and(
    eq(classInvitations.classId, classId),
    eq(classInvitations.id, invitationId),
    isNull(classInvitations.usedAt),
    isNull(classInvitations.revokedAt),
  );
