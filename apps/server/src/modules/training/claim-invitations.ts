import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { classInvitations, classMembers } from '../../db/schema.ts';

/**
 * Joins the classes of every open invitation to `email` once that address is verified as `userId`'s, and marks
 * them used. The address is the proof, never the link: an invitation to another address is never touched
 * (ADR 0063). Answers the classes joined.
 */
export async function claimInvitations(
  db: Database,
  userId: string,
  email: string,
  now = new Date(),
): Promise<string[]> {
  const open = await db
    .update(classInvitations)
    .set({ usedAt: now, usedBy: userId })
    .where(
      and(
        eq(classInvitations.email, email.trim().toLowerCase()),
        isNull(classInvitations.usedAt),
        isNull(classInvitations.revokedAt),
        gt(classInvitations.expiresAt, now),
      ),
    )
    .returning({ classId: classInvitations.classId });
  const classIds = [...new Set(open.map((o) => o.classId))];
  if (classIds.length) {
    await db
      .insert(classMembers)
      .values(classIds.map((classId) => ({ classId, userId })))
      .onConflictDoNothing();
  }
  return classIds;
}
